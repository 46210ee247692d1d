-- Each buyer's number of orders, every status, kept beside its balance by the same commit-time
-- triggers (docs/decisions/0134-order-count-kept-per-buyer.md): the dashboard's order count sums one
-- row per buyer instead of counting every order ever placed.
ALTER TABLE "buyer_balances" ADD COLUMN "order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION buyer_balances_add(buyer integer, change numeric, transactions integer, orders integer)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('buyer_balances'));
  INSERT INTO buyer_balances (buyer_id, balance, transaction_count, order_count)
  VALUES (buyer, change, transactions, orders)
  ON CONFLICT (buyer_id) DO UPDATE
    SET balance = buyer_balances.balance + excluded.balance,
        transaction_count = buyer_balances.transaction_count + excluded.transaction_count,
        order_count = buyer_balances.order_count + excluded.order_count;
$$;--> statement-breakpoint
-- An order placed or removed moves its buyer's count whatever its total, so each one now reaches the row.
CREATE OR REPLACE FUNCTION buyer_balances_keep_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_share numeric := 0;
  new_share numeric := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_share := buyer_balances_order_share(OLD.status, OLD.dealt_total_price); END IF;
  IF TG_OP <> 'DELETE' THEN new_share := buyer_balances_order_share(NEW.status, NEW.dealt_total_price); END IF;
  IF TG_OP = 'UPDATE' AND OLD.buyer_id = NEW.buyer_id THEN
    IF new_share <> old_share THEN PERFORM buyer_balances_add(NEW.buyer_id, new_share - old_share, 0, 0); END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM buyer_balances_add(OLD.buyer_id, -old_share, 0, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM buyer_balances_add(NEW.buyer_id, new_share, 0, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION buyer_balances_keep_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_balances_add(NEW.buyer_id, CASE WHEN NEW.reason = 'NEW_ORDER' THEN 0 ELSE -NEW.amount END, 1, 0);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP FUNCTION buyer_balances_add(integer, numeric, integer);--> statement-breakpoint
DROP FUNCTION buyer_balances_recount();--> statement-breakpoint
DROP FUNCTION buyer_balances_from_scratch();--> statement-breakpoint
CREATE FUNCTION buyer_balances_from_scratch()
RETURNS TABLE (buyer_id integer, balance numeric, transaction_count integer, order_count integer)
LANGUAGE sql STABLE AS $$
  SELECT b.id, coalesce(o.dealt, 0) - coalesce(t.settled, 0), coalesce(t.count, 0), coalesce(o.count, 0)
    FROM buyers b
    LEFT JOIN (SELECT buyer_id, sum(buyer_balances_order_share(status, dealt_total_price)) AS dealt,
                      count(*)::int AS count
                 FROM orders GROUP BY buyer_id) o ON o.buyer_id = b.id
    LEFT JOIN (SELECT buyer_id, sum(amount) FILTER (WHERE reason <> 'NEW_ORDER') AS settled, count(*)::int AS count
                 FROM accounting_transactions GROUP BY buyer_id) t ON t.buyer_id = b.id;
$$;--> statement-breakpoint
CREATE FUNCTION buyer_balances_recount() RETURNS void LANGUAGE sql AS $$
  INSERT INTO buyer_balances (buyer_id, balance, transaction_count, order_count)
  SELECT buyer_id, balance, transaction_count, order_count FROM buyer_balances_from_scratch()
  ON CONFLICT (buyer_id) DO UPDATE
    SET balance = excluded.balance, transaction_count = excluded.transaction_count,
        order_count = excluded.order_count;
$$;--> statement-breakpoint
SELECT buyer_balances_recount();
