-- The rest of a buyer's account summary, kept beside its balance by the same commit-time triggers
-- (docs/decisions/0137-account-summary-kept-per-buyer.md): the dealt totals and the number of its orders
-- not canceled, its payments and its refunds. The summary reads one row instead of summing the buyer's
-- whole history. The balance stays what it was: the orders' totals less the payments and the refunds.
ALTER TABLE "buyer_balances" ADD COLUMN "orders_total" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_balances" ADD COLUMN "live_order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_balances" ADD COLUMN "payments" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_balances" ADD COLUMN "refunds" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One change to a buyer's row: an order's share of the totals, a payment or a refund, and the counts.
-- The balance moves by the share less what is paid and refunded. The lock is decision 132's.
CREATE FUNCTION buyer_balances_add(
  buyer integer, share numeric, paid numeric, refunded numeric,
  transactions integer, orders integer, live_orders integer
) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('buyer_balances'));
  INSERT INTO buyer_balances (buyer_id, balance, orders_total, payments, refunds, transaction_count,
                              order_count, live_order_count)
  VALUES (buyer, share - paid - refunded, share, paid, refunded, transactions, orders, live_orders)
  ON CONFLICT (buyer_id) DO UPDATE
    SET balance = buyer_balances.balance + excluded.balance,
        orders_total = buyer_balances.orders_total + excluded.orders_total,
        payments = buyer_balances.payments + excluded.payments,
        refunds = buyer_balances.refunds + excluded.refunds,
        transaction_count = buyer_balances.transaction_count + excluded.transaction_count,
        order_count = buyer_balances.order_count + excluded.order_count,
        live_order_count = buyer_balances.live_order_count + excluded.live_order_count;
$$;--> statement-breakpoint
-- Whether an order counts in its buyer's summary: every order that is not canceled.
CREATE FUNCTION buyer_balances_order_lives(status text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('CANCELED_BY_SELLER', 'CANCELED_BY_BUYER') THEN 0 ELSE 1 END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION buyer_balances_keep_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_share numeric := 0;
  new_share numeric := 0;
  old_lives integer := 0;
  new_lives integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_share := buyer_balances_order_share(OLD.status, OLD.dealt_total_price);
    old_lives := buyer_balances_order_lives(OLD.status);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_share := buyer_balances_order_share(NEW.status, NEW.dealt_total_price);
    new_lives := buyer_balances_order_lives(NEW.status);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.buyer_id = NEW.buyer_id THEN
    IF new_share <> old_share OR new_lives <> old_lives THEN
      PERFORM buyer_balances_add(NEW.buyer_id, new_share - old_share, 0, 0, 0, 0, new_lives - old_lives);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM buyer_balances_add(OLD.buyer_id, -old_share, 0, 0, 0, -1, -old_lives); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM buyer_balances_add(NEW.buyer_id, new_share, 0, 0, 0, 1, new_lives); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION buyer_balances_keep_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_balances_add(
    NEW.buyer_id, 0,
    CASE WHEN NEW.reason = 'ORDER_PAYMENT' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.reason = 'PRODUCT_REFUND' THEN NEW.amount ELSE 0 END,
    1, 0, 0);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP FUNCTION buyer_balances_add(integer, numeric, integer, integer);--> statement-breakpoint
DROP FUNCTION buyer_balances_recount();--> statement-breakpoint
DROP FUNCTION buyer_balances_from_scratch();--> statement-breakpoint
CREATE FUNCTION buyer_balances_from_scratch()
RETURNS TABLE (
  buyer_id integer, balance numeric, orders_total numeric, payments numeric, refunds numeric,
  transaction_count integer, order_count integer, live_order_count integer
) LANGUAGE sql STABLE AS $$
  SELECT b.id,
         coalesce(o.dealt, 0) - coalesce(t.paid, 0) - coalesce(t.refunded, 0),
         coalesce(o.dealt, 0), coalesce(t.paid, 0), coalesce(t.refunded, 0),
         coalesce(t.count, 0), coalesce(o.count, 0), coalesce(o.live, 0)
    FROM buyers b
    LEFT JOIN (SELECT buyer_id, sum(buyer_balances_order_share(status, dealt_total_price)) AS dealt,
                      count(*)::int AS count, sum(buyer_balances_order_lives(status))::int AS live
                 FROM orders GROUP BY buyer_id) o ON o.buyer_id = b.id
    LEFT JOIN (SELECT buyer_id, sum(amount) FILTER (WHERE reason = 'ORDER_PAYMENT') AS paid,
                      sum(amount) FILTER (WHERE reason = 'PRODUCT_REFUND') AS refunded, count(*)::int AS count
                 FROM accounting_transactions GROUP BY buyer_id) t ON t.buyer_id = b.id;
$$;--> statement-breakpoint
CREATE FUNCTION buyer_balances_recount() RETURNS void LANGUAGE sql AS $$
  INSERT INTO buyer_balances (buyer_id, balance, orders_total, payments, refunds, transaction_count,
                              order_count, live_order_count)
  SELECT buyer_id, balance, orders_total, payments, refunds, transaction_count, order_count, live_order_count
    FROM buyer_balances_from_scratch()
  ON CONFLICT (buyer_id) DO UPDATE
    SET balance = excluded.balance, orders_total = excluded.orders_total, payments = excluded.payments,
        refunds = excluded.refunds, transaction_count = excluded.transaction_count,
        order_count = excluded.order_count, live_order_count = excluded.live_order_count;
$$;--> statement-breakpoint
SELECT buyer_balances_recount();
