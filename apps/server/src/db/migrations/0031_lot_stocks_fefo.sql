-- Each lot's expiry date beside its pieces on a line, so a line's lots are read in the order goods-out
-- takes them (earliest expiry first, the undated lot last) from an index, and a page of the catalogue
-- reads its lines' first lots, their count and the expired pieces without visiting every lot
-- (docs/decisions/0170-catalogue-page-carries-first-lots.md). A lot's expiry date never changes, so
-- the copy is written once, when the lot first comes onto a line.
ALTER TABLE "lot_stocks" ADD COLUMN "expiry_date" date;--> statement-breakpoint
UPDATE "lot_stocks" ls SET "expiry_date" = t."expiry_date" FROM "lots" t WHERE t."id" = ls."lot_id";--> statement-breakpoint
DROP INDEX "lot_stocks_item_idx";--> statement-breakpoint
CREATE INDEX "lot_stocks_item_idx" ON "lot_stocks" USING btree ("product_item_id","expiry_date") INCLUDE ("quantity") WHERE "quantity" > 0;--> statement-breakpoint
CREATE INDEX "lot_stocks_line_fefo_idx" ON "lot_stocks" USING btree ("stock_line_id","expiry_date","lot_id") INCLUDE ("quantity") WHERE "quantity" > 0;
--> statement-breakpoint
-- No write changes a lot's expiry date; should one ever be corrected, its copies follow in the same
-- transaction.
CREATE FUNCTION "follow_lot_expiry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lot_stocks" SET "expiry_date" = NEW."expiry_date" WHERE "lot_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lot_expiry_followed" AFTER UPDATE OF "expiry_date" ON "lots"
  FOR EACH ROW WHEN (OLD."expiry_date" IS DISTINCT FROM NEW."expiry_date") EXECUTE FUNCTION "follow_lot_expiry"();
