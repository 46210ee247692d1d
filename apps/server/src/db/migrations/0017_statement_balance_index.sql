DROP INDEX "orders_buyer_updated_idx";--> statement-breakpoint
CREATE INDEX "orders_buyer_updated_idx" ON "orders" USING btree ("buyer_id","updated_at","status","dealt_total_price");