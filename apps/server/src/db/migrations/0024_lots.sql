-- Lots (partiler): stock is kept per item × warehouse × lot (docs/domain/stock.md, decision 151). A lot is
-- one item's batch, named by the code printed on the package; the same code of the same item in two
-- warehouses is one lot. The undated lot of an item has the code '' and no expiry date ('SKT yok'): the
-- stock that came in before lots, and goods received without one.
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_item_id" integer NOT NULL REFERENCES "product_items"("id") ON DELETE cascade,
	"code" text NOT NULL,
	"expiry_date" date,
	"production_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "lots_undated_check" CHECK (("code" = '') = ("expiry_date" IS NULL)),
	CONSTRAINT "lots_dates_check" CHECK ("production_date" IS NULL OR "expiry_date" IS NULL OR "production_date" <= "expiry_date")
);--> statement-breakpoint
CREATE UNIQUE INDEX "lots_item_code_key" ON "lots" USING btree ("product_item_id", "code");--> statement-breakpoint
-- The lots list and the expiry work cards read lots by expiry date (FEFO order).
CREATE INDEX "lots_expiry_idx" ON "lots" USING btree ("expiry_date", "id");--> statement-breakpoint
-- Pieces of one lot on one stock line; the line's quantity is the sum of its lots', kept by the movement.
CREATE TABLE "lot_stocks" (
	"stock_line_id" integer NOT NULL REFERENCES "stock_lines"("id") ON DELETE cascade,
	"lot_id" integer NOT NULL REFERENCES "lots"("id") ON DELETE cascade,
	"product_item_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lot_stocks_pkey" PRIMARY KEY ("stock_line_id", "lot_id"),
	CONSTRAINT "lot_stocks_quantity_check" CHECK ("quantity" >= 0)
);--> statement-breakpoint
CREATE INDEX "lot_stocks_lot_idx" ON "lot_stocks" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "lot_stocks_item_idx" ON "lot_stocks" USING btree ("product_item_id") WHERE "quantity" > 0;--> statement-breakpoint
INSERT INTO "lots" ("product_item_id", "code")
SELECT DISTINCT l."product_item_id", '' FROM "stock_lines" l
 WHERE l."quantity" > 0 OR EXISTS (SELECT 1 FROM "stock_history" h WHERE h."stock_line_id" = l."id");--> statement-breakpoint
INSERT INTO "lot_stocks" ("stock_line_id", "lot_id", "product_item_id", "warehouse_id", "quantity")
SELECT l."id", t."id", l."product_item_id", l."warehouse_id", l."quantity"
  FROM "stock_lines" l JOIN "lots" t ON t."product_item_id" = l."product_item_id" AND t."code" = ''
 WHERE l."quantity" > 0;--> statement-breakpoint
-- Every history row names its lot; the rows written before lots belong to the undated lot of their item.
ALTER TABLE "stock_history" ADD COLUMN "lot_id" integer REFERENCES "lots"("id") ON DELETE set null;--> statement-breakpoint
UPDATE "stock_history" h SET "lot_id" = t."id" FROM "lots" t
 WHERE t."product_item_id" = h."product_item_id" AND t."code" = '';--> statement-breakpoint
CREATE INDEX "stock_history_lot_idx" ON "stock_history" USING btree ("lot_id", "created_at" DESC);--> statement-breakpoint
-- The pieces each lot gave to a load: a rejected load or a failed delivery gives them back to that lot.
ALTER TABLE "shipment_load_lines" ADD COLUMN "lot_id" integer REFERENCES "lots"("id") ON DELETE restrict;--> statement-breakpoint
INSERT INTO "lots" ("product_item_id", "code")
SELECT DISTINCT l."product_item_id", '' FROM "shipment_load_lines" ll JOIN "stock_lines" l ON l."id" = ll."stock_line_id"
 WHERE ll."lot_id" IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "shipment_load_lines" ll SET "lot_id" = t."id"
  FROM "stock_lines" l JOIN "lots" t ON t."product_item_id" = l."product_item_id" AND t."code" = ''
 WHERE l."id" = ll."stock_line_id";--> statement-breakpoint
ALTER TABLE "shipment_load_lines" ALTER COLUMN "lot_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_load_lines" DROP CONSTRAINT "shipment_load_lines_shipment_load_id_stock_line_id_pk";--> statement-breakpoint
ALTER TABLE "shipment_load_lines" ADD CONSTRAINT "shipment_load_lines_pkey" PRIMARY KEY ("shipment_load_id", "stock_line_id", "lot_id");--> statement-breakpoint
CREATE INDEX "shipment_load_lines_lot_idx" ON "shipment_load_lines" USING btree ("lot_id");--> statement-breakpoint
-- A buyer may require goods to arrive with at least this many days before their expiry (chains ask for it).
ALTER TABLE "buyers" ADD COLUMN "min_remaining_shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_min_remaining_shelf_life_days_check" CHECK ("min_remaining_shelf_life_days" IS NULL OR "min_remaining_shelf_life_days" BETWEEN 0 AND 3650);
