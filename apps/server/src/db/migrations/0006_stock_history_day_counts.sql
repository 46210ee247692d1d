CREATE TABLE "stock_history_day_counts" (
	"day" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"action" text NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "stock_history_day_counts_day_warehouse_id_action_pk" PRIMARY KEY("day","warehouse_id","action")
);
--> statement-breakpoint
CREATE TABLE "stock_history_days" (
	"day" date PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_history_day_counts" ADD CONSTRAINT "stock_history_day_counts_day_stock_history_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."stock_history_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A counted day is forgotten whenever one of its history rows is written, changed or removed, so its
-- counts are made again from the rows on the next read. Movements write today's rows, which are never
-- counted (a day is counted an hour after it ends), so for them this finds nothing to forget.
CREATE FUNCTION "forget_counted_history_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM "stock_history_days"
     WHERE "day" IN (SELECT ("created_at" AT TIME ZONE 'Europe/Istanbul')::date FROM "written_rows");
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "stock_history_days"
     WHERE "day" IN (SELECT ("created_at" AT TIME ZONE 'Europe/Istanbul')::date FROM "removed_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "forget_all_counted_history_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stock_history_days";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_history_written_days" AFTER INSERT ON "stock_history" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "forget_counted_history_days"();--> statement-breakpoint
CREATE TRIGGER "stock_history_changed_days" AFTER UPDATE ON "stock_history" REFERENCING OLD TABLE AS "removed_rows" NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "forget_counted_history_days"();--> statement-breakpoint
CREATE TRIGGER "stock_history_removed_days" AFTER DELETE ON "stock_history" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "forget_counted_history_days"();--> statement-breakpoint
CREATE TRIGGER "stock_history_truncated_days" AFTER TRUNCATE ON "stock_history" FOR EACH STATEMENT EXECUTE FUNCTION "forget_all_counted_history_days"();
