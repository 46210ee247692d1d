CREATE TABLE "shipment_load_lines" (
	"shipment_load_id" integer NOT NULL,
	"stock_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_load_lines_shipment_load_id_stock_line_id_pk" PRIMARY KEY("shipment_load_id","stock_line_id"),
	CONSTRAINT "shipment_load_lines_quantity_check" CHECK ("shipment_load_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipment_load_lines" ADD CONSTRAINT "shipment_load_lines_shipment_load_id_shipment_loads_id_fk" FOREIGN KEY ("shipment_load_id") REFERENCES "public"."shipment_loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_load_lines" ADD CONSTRAINT "shipment_load_lines_stock_line_id_stock_lines_id_fk" FOREIGN KEY ("stock_line_id") REFERENCES "public"."stock_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_load_lines_stock_line_idx" ON "shipment_load_lines" USING btree ("stock_line_id");