-- Counts kept by the writes, so a list's page is counted without reading the rows it matches
-- (docs/decisions/0164-pages-read-what-they-show-stock-audit-milk-catalogue.md).
--
-- The milk deliveries of each Istanbul day: a range of whole days (the list's `from`–`to`) is counted by
-- summing one row a day. Kept by one statement-level trigger per write, the days added to in day order,
-- so two writes never wait on each other's days in opposite orders.
CREATE TABLE "milk_delivery_days" (
	"day" date PRIMARY KEY NOT NULL,
	"deliveries" integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "keep_milk_delivery_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "milk_delivery_days" ("day", "deliveries")
    SELECT ("delivery_date_time" AT TIME ZONE 'Europe/Istanbul')::date AS d, count(*) FROM "written_rows"
     GROUP BY d ORDER BY d
    ON CONFLICT ("day") DO UPDATE SET "deliveries" = "milk_delivery_days"."deliveries" + excluded."deliveries";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "milk_delivery_days" ("day", "deliveries")
    SELECT ("delivery_date_time" AT TIME ZONE 'Europe/Istanbul')::date AS d, -count(*) FROM "removed_rows"
     GROUP BY d ORDER BY d
    ON CONFLICT ("day") DO UPDATE SET "deliveries" = "milk_delivery_days"."deliveries" + excluded."deliveries";
  ELSE
    -- A correction may move a delivery to another day: one day loses it, the other gains it.
    INSERT INTO "milk_delivery_days" ("day", "deliveries")
    SELECT d, sum(n) FROM (
      SELECT ("delivery_date_time" AT TIME ZONE 'Europe/Istanbul')::date AS d, 1 AS n FROM "written_rows"
      UNION ALL
      SELECT ("delivery_date_time" AT TIME ZONE 'Europe/Istanbul')::date, -1 FROM "removed_rows"
    ) AS moved GROUP BY d HAVING sum(n) <> 0 ORDER BY d
    ON CONFLICT ("day") DO UPDATE SET "deliveries" = "milk_delivery_days"."deliveries" + excluded."deliveries";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "forget_milk_delivery_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "milk_delivery_days";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "milk_deliveries_written_days" AFTER INSERT ON "milk_deliveries" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_milk_delivery_days"();--> statement-breakpoint
CREATE TRIGGER "milk_deliveries_changed_days" AFTER UPDATE ON "milk_deliveries" REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_milk_delivery_days"();--> statement-breakpoint
CREATE TRIGGER "milk_deliveries_removed_days" AFTER DELETE ON "milk_deliveries" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_milk_delivery_days"();--> statement-breakpoint
CREATE TRIGGER "milk_deliveries_truncated_days" AFTER TRUNCATE ON "milk_deliveries" FOR EACH STATEMENT EXECUTE FUNCTION "forget_milk_delivery_days"();--> statement-breakpoint
INSERT INTO "milk_delivery_days" ("day", "deliveries")
SELECT ("delivery_date_time" AT TIME ZONE 'Europe/Istanbul')::date AS d, count(*) FROM "milk_deliveries" GROUP BY d;--> statement-breakpoint
-- The catalogue's items: the whole catalogue's page is counted from this one row. Items are added and
-- removed seldom (catalogue work), so one kept row costs the writes nothing that matters.
CREATE TABLE "product_item_count" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("one"),
	"items" integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "keep_product_item_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "product_item_count" SET "items" = "items" + (SELECT count(*) FROM "written_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "product_item_count" SET "items" = "items" - (SELECT count(*) FROM "removed_rows");
  ELSE
    UPDATE "product_item_count" SET "items" = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_items_written_count" AFTER INSERT ON "product_items" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_product_item_count"();--> statement-breakpoint
CREATE TRIGGER "product_items_removed_count" AFTER DELETE ON "product_items" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_product_item_count"();--> statement-breakpoint
CREATE TRIGGER "product_items_truncated_count" AFTER TRUNCATE ON "product_items" FOR EACH STATEMENT EXECUTE FUNCTION "keep_product_item_count"();--> statement-breakpoint
INSERT INTO "product_item_count" ("one", "items") SELECT true, count(*) FROM "product_items";
