CREATE TABLE "stock_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stock_line_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"action" text NOT NULL,
	"quantity_change" integer NOT NULL,
	"quantity_after_change" integer NOT NULL,
	"order_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_lines_quantity_check" CHECK ("stock_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"capacity_in_m3" numeric(14, 2) DEFAULT 0 NOT NULL,
	"warehouse_type" text DEFAULT 'COLD_STORAGE' NOT NULL,
	"surface_area_in_square_meters" numeric(14, 2) DEFAULT 1 NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_sizes_check" CHECK ("warehouses"."capacity_in_m3" >= 0 and "warehouses"."surface_area_in_square_meters" >= 1)
);
--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_stock_line_id_stock_lines_id_fk" FOREIGN KEY ("stock_line_id") REFERENCES "public"."stock_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_history_created_at_idx" ON "stock_history" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_history_item_created_at_idx" ON "stock_history" USING btree ("product_item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_history_warehouse_created_at_idx" ON "stock_history" USING btree ("warehouse_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_history_line_idx" ON "stock_history" USING btree ("stock_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lines_item_warehouse_key" ON "stock_lines" USING btree ("product_item_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_lines_warehouse_idx" ON "stock_lines" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_key" ON "warehouses" USING btree ("name");--> statement-breakpoint
INSERT INTO "warehouses" ("id", "name", "short_name") VALUES (1, 'DEPO1', 'Depo-1'), (2, 'DEPO2', 'Depo-2'), (3, 'DEPO3', 'Depo-3'), (4, 'DEPO4', 'Depo-4');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('warehouses', 'id'), 4);--> statement-breakpoint
INSERT INTO "stock_lines" ("product_item_id", "warehouse_id") SELECT i."id", w."id" FROM "product_items" i CROSS JOIN "warehouses" w ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every item has a line in every warehouse (docs/domain/stock.md), whichever path creates the item or the
-- warehouse. The advisory lock orders an item and a warehouse created at the same time, so neither misses the
-- other.
CREATE FUNCTION "stock_lines_for_new_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7401002);
  INSERT INTO "stock_lines" ("product_item_id", "warehouse_id")
    SELECT NEW."id", w."id" FROM "warehouses" w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stock_lines_for_new_warehouse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7401002);
  INSERT INTO "stock_lines" ("product_item_id", "warehouse_id")
    SELECT i."id", NEW."id" FROM "product_items" i ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_items_stock_lines" AFTER INSERT ON "product_items" FOR EACH ROW EXECUTE FUNCTION "stock_lines_for_new_item"();--> statement-breakpoint
CREATE TRIGGER "warehouses_stock_lines" AFTER INSERT ON "warehouses" FOR EACH ROW EXECUTE FUNCTION "stock_lines_for_new_warehouse"();
