-- How many shipments of each status were created on each Istanbul day, kept at commit as the orders'
-- are (migration 0035; docs/decisions/0192-shipment-list-counted-from-kept-days.md): the shipment
-- list's count of a status, of days or of both is the sum of one row per status and day.
CREATE TABLE "shipment_day_counts" (
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "shipment_day_counts_pkey" PRIMARY KEY ("status", "day")
);--> statement-breakpoint
SELECT status_day_counts_recount('shipment_day_counts', 'shipments');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipments_keep_day_counts AFTER INSERT OR DELETE OR UPDATE OF status, created_at
  ON shipments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keep_status_day_counts('shipment_day_counts');
