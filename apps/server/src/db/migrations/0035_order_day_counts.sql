-- How many orders of each status were placed on each Istanbul day, kept at commit by a deferred trigger
-- on the orders (docs/decisions/0191-order-search-counted-from-kept-days.md). The order search's dates
-- are whole days, so its count of statuses over a range of days is the sum of one row per status and
-- day instead of a walk of every matching order. The functions serve any table of rows with a `status`
-- and a `created_at`, each with a counts table of its own (the shipments' too, migration 0036).
CREATE TABLE "order_day_counts" (
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "order_day_counts_pkey" PRIMARY KEY ("status", "day")
);--> statement-breakpoint
-- Counted from scratch: by a migration, and after a bulk load that set the trigger aside (bench/harness).
CREATE FUNCTION status_day_counts_recount(counts regclass, counted regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %s', counts);
  EXECUTE format('INSERT INTO %s (status, day, count)
                  SELECT status, buyer_day_of(created_at), count(*)::int FROM %s GROUP BY 1, 2', counts, counted);
END;
$$;--> statement-breakpoint
SELECT status_day_counts_recount('order_day_counts', 'orders');--> statement-breakpoint
-- A row's old status and day taken from its counts table (TG_ARGV[0]) and its new ones added, at commit; a
-- day whose rows all moved on keeps its row at 0. Under the buyers' balances' lock (decision 132), as the
-- screens' counts: a commit of steps on several rows moves several day rows, and two such commits never
-- take them in opposite orders.
CREATE FUNCTION keep_status_day_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  upsert constant text := format(
    'INSERT INTO %I (status, day, count) VALUES ($1, $2, $3)
     ON CONFLICT (status, day) DO UPDATE SET count = %I.count + excluded.count', TG_ARGV[0], TG_ARGV[0]);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND buyer_day_of(OLD.created_at) = buyer_day_of(NEW.created_at) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('buyer_balances'));
  IF TG_OP <> 'INSERT' THEN EXECUTE upsert USING OLD.status, buyer_day_of(OLD.created_at), -1; END IF;
  IF TG_OP <> 'DELETE' THEN EXECUTE upsert USING NEW.status, buyer_day_of(NEW.created_at), 1; END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At commit: a day's row is held for a moment, not for the whole placing of an order.
CREATE CONSTRAINT TRIGGER orders_keep_day_counts AFTER INSERT OR DELETE OR UPDATE OF status, created_at
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keep_status_day_counts('order_day_counts');
