-- How many orders each screen and each status holds, and how many orders there are, per span of creation
-- time 360 days, 30 days, a day, an hour, a minute and a second wide, kept at commit by a deferred trigger
-- on the orders (docs/decisions/0197-order-pages-placed-by-kept-spans.md). A deep page finds the second
-- that holds its first order by walking down from the widest spans, at each width only the spans within
-- the one above: a middle page of orders placed in one busy morning passes a few dozen kept rows, not the
-- thousand orders above it, and a deep page of years of orders about a hundred, not a row per status and
-- day. A span no order fills is removed, so a walk passes only spans that hold orders.
CREATE TABLE "order_spans" (
	"view" text NOT NULL,
	"width" integer NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "order_spans_pkey" PRIMARY KEY ("view", "width", "start")
);--> statement-breakpoint
-- The spans an instant falls in, each `width` seconds wide, counted from the epoch: each lies within the
-- wider one, and an hour within an Istanbul day (its offsets from UTC are whole hours).
CREATE FUNCTION order_span_starts(instant timestamptz) RETURNS TABLE (width integer, start timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT w, to_timestamp((floor(extract(epoch FROM instant) / w) * w)::float8)
    FROM unnest(ARRAY[31104000, 2592000, 86400, 3600, 60, 1]) AS w
$$;--> statement-breakpoint
-- What an order is counted under: the screens it is on and its status (`order_views`), and 'ALL', every
-- order, which the order search without a filter walks.
CREATE FUNCTION order_span_keys(status text, warehouse_items integer, shipping_items integer) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT order_views(status, warehouse_items, shipping_items) || 'ALL'::text;
$$;--> statement-breakpoint
-- Counted from scratch: here, and after a bulk load that set the trigger below aside (bench/harness).
CREATE FUNCTION order_spans_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_spans;
  INSERT INTO order_spans (view, width, start, count)
  SELECT x.view, s.width, s.start, count(*)::int
    FROM orders o, unnest(order_span_keys(o.status, o.warehouse_items, o.shipping_items)) AS x(view),
         order_span_starts(o.created_at) AS s
   GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT order_spans_recount();--> statement-breakpoint
-- The screens and status an order left are taken from its spans, and those it entered added, at commit;
-- a span left empty is removed. Under the buyers' balances' lock (decision 132), as the screens' counts.
CREATE FUNCTION orders_keep_spans() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text[] := '{}';
  is_now text[] := '{}';
  left_views text[];
  entered text[];
BEGIN
  IF TG_OP <> 'INSERT' THEN was := order_span_keys(OLD.status, OLD.warehouse_items, OLD.shipping_items); END IF;
  IF TG_OP <> 'DELETE' THEN is_now := order_span_keys(NEW.status, NEW.warehouse_items, NEW.shipping_items); END IF;
  IF TG_OP = 'UPDATE' AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
    -- The same instant: only the screens and status that changed move.
    left_views := ARRAY(SELECT unnest(was) EXCEPT SELECT unnest(is_now));
    entered := ARRAY(SELECT unnest(is_now) EXCEPT SELECT unnest(was));
  ELSE
    left_views := was;
    entered := is_now;
  END IF;
  IF cardinality(left_views) = 0 AND cardinality(entered) = 0 THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('buyer_balances'));
  IF cardinality(left_views) > 0 AND OLD.created_at IS NOT NULL THEN
    UPDATE order_spans k SET count = k.count - 1
      FROM unnest(left_views) AS g(view), order_span_starts(OLD.created_at) AS s
     WHERE k.view = g.view AND k.width = s.width AND k.start = s.start;
    DELETE FROM order_spans k
     USING unnest(left_views) AS g(view), order_span_starts(OLD.created_at) AS s
     WHERE k.view = g.view AND k.width = s.width AND k.start = s.start AND k.count <= 0;
  END IF;
  IF cardinality(entered) > 0 AND NEW.created_at IS NOT NULL THEN
    INSERT INTO order_spans (view, width, start, count)
    SELECT g.view, s.width, s.start, 1
      FROM unnest(entered) AS g(view), order_span_starts(NEW.created_at) AS s
    ON CONFLICT (view, width, start) DO UPDATE SET count = order_spans.count + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At commit: a span's row is held for a moment, not for the whole placing of an order.
CREATE CONSTRAINT TRIGGER orders_keep_spans AFTER INSERT OR DELETE OR UPDATE OF status, warehouse_items, shipping_items, created_at
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_keep_spans();
