-- The status lists the functions held by hand, each read from one function per set instead
-- (docs/decisions/0178-status-sets-in-sql-from-the-contract.md). The set functions are created here as
-- the contract's sets stand today, so the functions below can name them; after every migration the
-- migrate step writes their bodies from the contract again (`db/status-set-functions.ts`), and a test
-- (`db/status-sets-sql.test.ts`) fails on any status list left in a function. IMMUTABLE constants: the
-- planner folds each into the query that calls it, as it did the literal lists, so the per-row triggers
-- cost what they did.
CREATE OR REPLACE FUNCTION order_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$SELECT ARRAY['WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS', 'CANCELED_BY_SELLER', 'CANCELED_BY_BUYER', 'COMPLETED']::text[]$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_open_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$SELECT ARRAY['WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS']::text[]$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_canceled_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$SELECT ARRAY['CANCELED_BY_SELLER', 'CANCELED_BY_BUYER']::text[]$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_warehouse_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$SELECT ARRAY['IN_PROGRESS']::text[]$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_item_warehouse_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$SELECT ARRAY['WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING', 'PREPARED_WAITING_FOR_LOADING', 'LOADING']::text[]$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_item_shipping_statuses() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$SELECT ARRAY['LOADED_TO_TRUCK_FROM_WAREHOUSE', 'LOAD_STATUS_ACCEPTED']::text[]$$;--> statement-breakpoint
-- What an order adds to its buyer's balance: its dealt total, nothing once canceled.
CREATE OR REPLACE FUNCTION buyer_balances_order_share(status text, dealt numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = ANY(order_canceled_statuses()) THEN 0 ELSE dealt END::numeric(14, 2);
$$;--> statement-breakpoint
-- Whether an order counts in its buyer's summary: every order that is not canceled.
CREATE OR REPLACE FUNCTION buyer_balances_order_lives(status text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = ANY(order_canceled_statuses()) THEN 0 ELSE 1 END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_item_stage(status text) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[(status = ANY(order_item_warehouse_statuses()))::int,
               (status = ANY(order_item_shipping_statuses()))::int];
$$;--> statement-breakpoint
-- Which screens' lists an order is on (REVIEW, WAREHOUSE, SHIPPING: the service's views), and its
-- status ('STATUS:IN_REVIEW'), which the order search counts by.
CREATE OR REPLACE FUNCTION order_views(status text, warehouse_items integer, shipping_items integer) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN status = ANY(order_open_statuses()) THEN 'REVIEW' END,
    CASE WHEN status = ANY(order_warehouse_statuses()) AND warehouse_items > 0 THEN 'WAREHOUSE' END,
    CASE WHEN status = ANY(order_warehouse_statuses()) AND shipping_items > 0 THEN 'SHIPPING' END,
    'STATUS:' || status], NULL);
$$;--> statement-breakpoint
-- Counted from scratch: after a bulk load that set the trigger aside (bench/harness), and by a migration
-- that adds an order status (its row starts here).
CREATE OR REPLACE FUNCTION order_view_counts_recount() RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_view_counts (view, count)
  SELECT v.view, coalesce(c.count, 0)
    FROM unnest(ARRAY['REVIEW', 'WAREHOUSE', 'SHIPPING']
                || ARRAY(SELECT 'STATUS:' || s FROM unnest(order_statuses()) AS s)) AS v(view)
    LEFT JOIN (SELECT x.view, count(*)::int AS count
                 FROM orders o, unnest(order_views(o.status, o.warehouse_items, o.shipping_items)) AS x(view)
                GROUP BY x.view) c ON c.view = v.view
  ON CONFLICT (view) DO UPDATE SET count = excluded.count;
$$;
