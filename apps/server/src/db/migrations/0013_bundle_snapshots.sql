CREATE TABLE "bundle_snapshot_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"snapshot_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "bundle_snapshot_lines_quantity_check" CHECK ("bundle_snapshot_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "bundle_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lines_key" text NOT NULL,
	"order_pieces" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_snapshots_pieces_check" CHECK ("bundle_snapshots"."order_pieces" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_snapshot_id" integer;--> statement-breakpoint
ALTER TABLE "bundle_snapshot_lines" ADD CONSTRAINT "bundle_snapshot_lines_snapshot_id_bundle_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."bundle_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_snapshot_lines" ADD CONSTRAINT "bundle_snapshot_lines_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_snapshots" ADD CONSTRAINT "bundle_snapshots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_snapshot_lines_snapshot_item_key" ON "bundle_snapshot_lines" USING btree ("snapshot_id","product_item_id");--> statement-breakpoint
CREATE INDEX "bundle_snapshot_lines_item_idx" ON "bundle_snapshot_lines" USING btree ("product_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_snapshots_product_lines_key" ON "bundle_snapshots" USING btree ("product_id","lines_key");--> statement-breakpoint
CREATE INDEX "bundle_snapshots_reserving_idx" ON "bundle_snapshots" USING btree ("id") WHERE order_pieces > 0;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bundle_snapshot_id_bundle_snapshots_id_fk" FOREIGN KEY ("bundle_snapshot_id") REFERENCES "public"."bundle_snapshots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Backfill (decision 99): every ordered product's current bundle becomes its first snapshot, every order
-- item points at it, and the snapshot reserves what the product's open items reserve.
INSERT INTO "bundle_snapshots" ("product_id", "lines_key")
SELECT p.id, coalesce((SELECT string_agg(b.product_item_id || 'x' || b.quantity, ',' ORDER BY b.product_item_id)
                         FROM product_bundles b WHERE b.product_id = p.id), '')
  FROM products p WHERE EXISTS (SELECT 1 FROM order_items oi WHERE oi.product_id = p.id);--> statement-breakpoint
INSERT INTO "bundle_snapshot_lines" ("snapshot_id", "product_item_id", "quantity")
SELECT s.id, b.product_item_id, b.quantity FROM bundle_snapshots s JOIN product_bundles b ON b.product_id = s.product_id;--> statement-breakpoint
UPDATE "order_items" oi SET "bundle_snapshot_id" = s.id FROM bundle_snapshots s WHERE s.product_id = oi.product_id;--> statement-breakpoint
UPDATE "bundle_snapshots" s SET "order_pieces" = coalesce(r.order_pieces, 0)
  FROM product_reservations r WHERE r.product_id = s.product_id;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "bundle_snapshot_id" SET NOT NULL;
