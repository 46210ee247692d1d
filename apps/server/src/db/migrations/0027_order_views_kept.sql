-- The orders each screen works on, kept by the writes (docs/decisions/0160-order-lists-read-their-page.md):
-- every order carries how many of its items are in the warehouse flow and on a truck, kept by a trigger
-- on its items, so the warehouse and shipping screens pick their orders from a partial index without
-- probing items; and each screen's number of orders, and each status's, is one row of
-- `order_view_counts`, kept by a trigger on the orders, instead of a count over every match on each page.
ALTER TABLE "orders" ADD COLUMN "warehouse_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "warehouse_items" = c.warehouse, "shipping_items" = c.shipping
  FROM (SELECT order_id,
               count(*) FILTER (WHERE status IN ('WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING',
                                                 'PREPARED_WAITING_FOR_LOADING', 'LOADING'))::int AS warehouse,
               count(*) FILTER (WHERE status IN ('LOADED_TO_TRUCK_FROM_WAREHOUSE', 'LOAD_STATUS_ACCEPTED'))::int AS shipping
          FROM order_items GROUP BY order_id) c
 WHERE c.order_id = o.id AND (c.warehouse > 0 OR c.shipping > 0);--> statement-breakpoint
CREATE FUNCTION order_item_stage(status text) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[(status IN ('WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING', 'PREPARED_WAITING_FOR_LOADING',
                           'LOADING'))::int,
               (status IN ('LOADED_TO_TRUCK_FROM_WAREHOUSE', 'LOAD_STATUS_ACCEPTED'))::int];
$$;--> statement-breakpoint
CREATE FUNCTION order_items_keep_order_stages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_stage integer[] := ARRAY[0, 0];
  new_stage integer[] := ARRAY[0, 0];
BEGIN
  IF TG_OP <> 'INSERT' THEN old_stage := order_item_stage(OLD.status); END IF;
  IF TG_OP <> 'DELETE' THEN new_stage := order_item_stage(NEW.status); END IF;
  IF TG_OP = 'UPDATE' AND OLD.order_id = NEW.order_id THEN
    IF old_stage <> new_stage THEN
      UPDATE orders SET warehouse_items = warehouse_items + new_stage[1] - old_stage[1],
                        shipping_items = shipping_items + new_stage[2] - old_stage[2]
       WHERE id = NEW.order_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND old_stage <> ARRAY[0, 0] THEN
    UPDATE orders SET warehouse_items = warehouse_items - old_stage[1], shipping_items = shipping_items - old_stage[2]
     WHERE id = OLD.order_id;
  END IF;
  IF TG_OP <> 'DELETE' AND new_stage <> ARRAY[0, 0] THEN
    UPDATE orders SET warehouse_items = warehouse_items + new_stage[1], shipping_items = shipping_items + new_stage[2]
     WHERE id = NEW.order_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER order_items_keep_order_stages AFTER INSERT OR DELETE OR UPDATE OF status, order_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_keep_order_stages();--> statement-breakpoint
-- Which screens' lists an order is on (REVIEW, WAREHOUSE, SHIPPING: the service's views), and its
-- status ('STATUS:IN_REVIEW'), which the order search counts by.
CREATE FUNCTION order_views(status text, warehouse_items integer, shipping_items integer) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN status IN ('WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS') THEN 'REVIEW' END,
    CASE WHEN status = 'IN_PROGRESS' AND warehouse_items > 0 THEN 'WAREHOUSE' END,
    CASE WHEN status = 'IN_PROGRESS' AND shipping_items > 0 THEN 'SHIPPING' END,
    'STATUS:' || status], NULL);
$$;--> statement-breakpoint
CREATE TABLE "order_view_counts" (
	"view" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);--> statement-breakpoint
-- Counted from scratch: here, and after a bulk load that set the trigger below aside (bench/harness).
CREATE FUNCTION order_view_counts_recount() RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_view_counts (view, count)
  SELECT v.view, coalesce(c.count, 0)
    FROM unnest(ARRAY['REVIEW', 'WAREHOUSE', 'SHIPPING', 'STATUS:WAITING_FOR_REVIEW', 'STATUS:IN_REVIEW',
                      'STATUS:IN_PROGRESS', 'STATUS:CANCELED_BY_SELLER', 'STATUS:CANCELED_BY_BUYER',
                      'STATUS:COMPLETED']) AS v(view)
    LEFT JOIN (SELECT x.view, count(*)::int AS count
                 FROM orders o, unnest(order_views(o.status, o.warehouse_items, o.shipping_items)) AS x(view)
                GROUP BY x.view) c ON c.view = v.view
  ON CONFLICT (view) DO UPDATE SET count = excluded.count;
$$;--> statement-breakpoint
SELECT order_view_counts_recount();--> statement-breakpoint
CREATE FUNCTION orders_keep_view_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_views text[] := '{}';
  new_views text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN old_views := order_views(OLD.status, OLD.warehouse_items, OLD.shipping_items); END IF;
  IF TG_OP <> 'DELETE' THEN new_views := order_views(NEW.status, NEW.warehouse_items, NEW.shipping_items); END IF;
  IF old_views = new_views THEN RETURN NULL; END IF;
  -- The buyers' balances' lock (decision 132): one transaction at a time changes the counter rows, so
  -- two commits moving orders between screens in opposite orders never deadlock on them.
  PERFORM pg_advisory_xact_lock(hashtext('buyer_balances'));
  UPDATE order_view_counts
     SET count = count + (view = ANY(new_views))::int - (view = ANY(old_views))::int
   WHERE (view = ANY(new_views)) <> (view = ANY(old_views));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At commit, as the buyers' balances are kept (decision 132): a counter row is held for a moment, not for
-- the whole placing of an order.
CREATE CONSTRAINT TRIGGER orders_keep_view_counts AFTER INSERT OR DELETE OR UPDATE OF status, warehouse_items, shipping_items
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_keep_view_counts();--> statement-breakpoint
-- Each screen's orders newest first, as the list reads them: a page of ids is a walk of one of these.
CREATE INDEX "orders_review_view_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE status IN ('WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "orders_warehouse_view_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE status = 'IN_PROGRESS' AND warehouse_items > 0;--> statement-breakpoint
CREATE INDEX "orders_shipping_view_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE status = 'IN_PROGRESS' AND shipping_items > 0;
