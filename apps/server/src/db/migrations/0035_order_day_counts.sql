-- How many orders of each status were placed on each Istanbul day, kept at commit by a deferred trigger
-- on the orders (docs/decisions/0191-order-search-counted-from-kept-days.md). The order search's dates
-- are whole days, so its count of statuses over a range of days is the sum of one row per status and
-- day instead of a walk of every matching order.
CREATE TABLE "order_day_counts" (
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "order_day_counts_pkey" PRIMARY KEY ("status", "day")
);--> statement-breakpoint
-- Counted from scratch: here, and after a bulk load that set the trigger below aside (bench/harness).
CREATE FUNCTION order_day_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_day_counts;
  INSERT INTO order_day_counts (status, day, count)
  SELECT status, buyer_day_of(created_at), count(*)::int FROM orders GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT order_day_counts_recount();--> statement-breakpoint
-- One order added to (times 1) or taken from (times -1) its status's day; a day whose orders all moved
-- on keeps its row at 0.
CREATE FUNCTION order_day_counts_add(of_status text, on_day date, times integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_day_counts (status, day, count) VALUES (of_status, on_day, times)
  ON CONFLICT (status, day) DO UPDATE SET count = order_day_counts.count + excluded.count;
$$;--> statement-breakpoint
CREATE FUNCTION orders_keep_day_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND buyer_day_of(OLD.created_at) = buyer_day_of(NEW.created_at) THEN
    RETURN NULL;
  END IF;
  -- The buyers' balances' lock (decision 132), as the screens' counts take it: a commit of steps on
  -- several orders moves several day rows, and two such commits never take them in opposite orders.
  PERFORM pg_advisory_xact_lock(hashtext('buyer_balances'));
  IF TG_OP <> 'INSERT' THEN PERFORM order_day_counts_add(OLD.status, buyer_day_of(OLD.created_at), -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM order_day_counts_add(NEW.status, buyer_day_of(NEW.created_at), 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At commit, as the screens' counts: a day's row is held for a moment, not for the whole placing of an order.
CREATE CONSTRAINT TRIGGER orders_keep_day_counts AFTER INSERT OR DELETE OR UPDATE OF status, created_at
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_keep_day_counts();
