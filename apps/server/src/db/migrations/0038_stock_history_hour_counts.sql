-- The stock history's rows per hour and warehouse, counted on read as its days are
-- (migration 0006; docs/decisions/0198-stock-history-counted-per-hour.md): an hour is counted once it
-- ended an hour ago, and every hour of a day is counted with that day. A page's total takes today's
-- finished hours from here and counts only the last hour or two row by row, and a deep page finds the
-- hour that holds its first row within its day, passing that hour's later rows instead of its day's.
-- Not per movement type as the days are: an hour holds a few rows of each, so its counts would be nearly
-- as many as its rows; a page of one type finds its day only. Hours are whole hours of UTC, which are
-- whole hours of Istanbul too (its offsets from UTC are whole hours).
CREATE TABLE "stock_history_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "stock_history_hour_counts" (
	"hour" timestamp with time zone NOT NULL,
	"warehouse_id" integer NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "stock_history_hour_counts_hour_warehouse_id_pk" PRIMARY KEY("hour","warehouse_id")
);--> statement-breakpoint
ALTER TABLE "stock_history_hour_counts" ADD CONSTRAINT "stock_history_hour_counts_hour_stock_history_hours_hour_fk" FOREIGN KEY ("hour") REFERENCES "public"."stock_history_hours"("hour") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A written, changed or removed history row forgets its hour as well as its day. A movement writes rows
-- of the current hour, which is never counted, so for it the hour's delete finds nothing.
CREATE OR REPLACE FUNCTION "forget_counted_history_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM "stock_history_days"
     WHERE "day" IN (SELECT ("created_at" AT TIME ZONE 'Europe/Istanbul')::date FROM "written_rows");
    DELETE FROM "stock_history_hours"
     WHERE "hour" IN (SELECT date_trunc('hour', "created_at", 'UTC') FROM "written_rows");
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "stock_history_days"
     WHERE "day" IN (SELECT ("created_at" AT TIME ZONE 'Europe/Istanbul')::date FROM "removed_rows");
    DELETE FROM "stock_history_hours"
     WHERE "hour" IN (SELECT date_trunc('hour', "created_at", 'UTC') FROM "removed_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "forget_all_counted_history_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stock_history_days";
  DELETE FROM "stock_history_hours";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The days counted so far have no hours: forgotten, each is counted again with its hours when a page
-- next asks about it.
DELETE FROM "stock_history_days";
