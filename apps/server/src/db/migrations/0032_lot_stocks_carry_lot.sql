-- Each lot's code and production date beside its pieces on a line, next to its expiry date (migration
-- 0031), so a list's first lots of a line come from lot_stocks_line_fefo_idx alone, without looking up
-- every lot by its id (docs/decisions/0173-catalogue-lots-from-one-index.md). A write never changes a
-- lot's code or dates; should one ever be corrected, its copies follow in the same transaction.
ALTER TABLE "lot_stocks" ADD COLUMN "lot_code" text;--> statement-breakpoint
ALTER TABLE "lot_stocks" ADD COLUMN "production_date" date;--> statement-breakpoint
UPDATE "lot_stocks" ls SET "lot_code" = t."code", "production_date" = t."production_date" FROM "lots" t WHERE t."id" = ls."lot_id";--> statement-breakpoint
ALTER TABLE "lot_stocks" ALTER COLUMN "lot_code" SET NOT NULL;--> statement-breakpoint
DROP INDEX "lot_stocks_line_fefo_idx";--> statement-breakpoint
CREATE INDEX "lot_stocks_line_fefo_idx" ON "lot_stocks" USING btree ("stock_line_id","expiry_date","lot_id") INCLUDE ("quantity","lot_code","production_date") WHERE "quantity" > 0;--> statement-breakpoint
DROP TRIGGER "lot_expiry_followed" ON "lots";--> statement-breakpoint
DROP FUNCTION "follow_lot_expiry"();--> statement-breakpoint
CREATE FUNCTION "follow_lot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lot_stocks"
     SET "lot_code" = NEW."code", "expiry_date" = NEW."expiry_date", "production_date" = NEW."production_date"
   WHERE "lot_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lot_followed" AFTER UPDATE OF "code", "expiry_date", "production_date" ON "lots"
  FOR EACH ROW
  WHEN (OLD."code" IS DISTINCT FROM NEW."code" OR OLD."expiry_date" IS DISTINCT FROM NEW."expiry_date"
        OR OLD."production_date" IS DISTINCT FROM NEW."production_date")
  EXECUTE FUNCTION "follow_lot"();
