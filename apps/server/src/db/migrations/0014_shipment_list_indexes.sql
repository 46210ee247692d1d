CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_vehicle_idx" ON "shipments" USING btree ("vehicle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_to_warehouse_idx" ON "shipments" USING btree ("to_warehouse_id","created_at","id");