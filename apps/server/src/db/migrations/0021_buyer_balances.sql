-- Each buyer's balance (the dealt totals of its orders not canceled less its payments and refunds,
-- docs/domain/money.md) and its number of transactions, kept by the writes
-- (docs/decisions/0132-buyer-balance-kept-by-the-writes.md): a statement's opening balance and the
-- transactions page's count read one row instead of the buyer's whole history.
CREATE TABLE "buyer_balances" (
	"buyer_id" integer PRIMARY KEY NOT NULL REFERENCES "buyers"("id") ON DELETE cascade,
	"balance" numeric(20, 2) DEFAULT 0 NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Every commit that moves balances first takes one lock, held until it ends: a transaction changing
-- the orders of several buyers updates their rows in the order it changed them, and two such commits
-- taking the same buyers in opposite orders would otherwise deadlock. Only this commit-time step waits.
CREATE FUNCTION buyer_balances_add(buyer integer, change numeric, transactions integer) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('buyer_balances'));
  INSERT INTO buyer_balances (buyer_id, balance, transaction_count) VALUES (buyer, change, transactions)
  ON CONFLICT (buyer_id) DO UPDATE
    SET balance = buyer_balances.balance + excluded.balance,
        transaction_count = buyer_balances.transaction_count + excluded.transaction_count;
$$;--> statement-breakpoint
-- What an order adds to its buyer's balance: its dealt total, nothing once canceled.
CREATE FUNCTION buyer_balances_order_share(status text, dealt numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('CANCELED_BY_SELLER', 'CANCELED_BY_BUYER') THEN 0 ELSE dealt END::numeric(14, 2);
$$;--> statement-breakpoint
CREATE FUNCTION buyer_balances_keep_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_share numeric := 0;
  new_share numeric := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_share := buyer_balances_order_share(OLD.status, OLD.dealt_total_price); END IF;
  IF TG_OP <> 'DELETE' THEN new_share := buyer_balances_order_share(NEW.status, NEW.dealt_total_price); END IF;
  IF TG_OP = 'UPDATE' AND OLD.buyer_id = NEW.buyer_id THEN
    IF new_share <> old_share THEN PERFORM buyer_balances_add(NEW.buyer_id, new_share - old_share, 0); END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND old_share <> 0 THEN PERFORM buyer_balances_add(OLD.buyer_id, -old_share, 0); END IF;
  IF TG_OP <> 'DELETE' AND new_share <> 0 THEN PERFORM buyer_balances_add(NEW.buyer_id, new_share, 0); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION buyer_balances_keep_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM buyer_balances_add(NEW.buyer_id, CASE WHEN NEW.reason = 'NEW_ORDER' THEN 0 ELSE -NEW.amount END, 1);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deferred to the commit: the buyer's row is locked last, after every order row the transaction locks,
-- so a payment and a step changing several orders of the buyer wait for each other instead of deadlocking.
CREATE CONSTRAINT TRIGGER orders_keep_buyer_balance
  AFTER INSERT OR DELETE OR UPDATE OF status, dealt_total_price, buyer_id ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_balances_keep_order();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounting_transactions_keep_buyer_balance
  AFTER INSERT ON accounting_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_balances_keep_transaction();--> statement-breakpoint
-- Every buyer's balance and transaction count summed from scratch: what the triggers keep, by its
-- definition. The recount below writes it; a check after a run compares the kept rows with it.
CREATE FUNCTION buyer_balances_from_scratch()
RETURNS TABLE (buyer_id integer, balance numeric, transaction_count integer) LANGUAGE sql STABLE AS $$
  SELECT b.id, coalesce(o.dealt, 0) - coalesce(t.settled, 0), coalesce(t.count, 0)
    FROM buyers b
    LEFT JOIN (SELECT buyer_id, sum(buyer_balances_order_share(status, dealt_total_price)) AS dealt
                 FROM orders GROUP BY buyer_id) o ON o.buyer_id = b.id
    LEFT JOIN (SELECT buyer_id, sum(amount) FILTER (WHERE reason <> 'NEW_ORDER') AS settled, count(*)::int AS count
                 FROM accounting_transactions GROUP BY buyer_id) t ON t.buyer_id = b.id;
$$;--> statement-breakpoint
-- The migration's backfill, and a bulk load's after it has set the triggers aside (bench/dataset-year.ts).
CREATE FUNCTION buyer_balances_recount() RETURNS void LANGUAGE sql AS $$
  INSERT INTO buyer_balances (buyer_id, balance, transaction_count)
  SELECT buyer_id, balance, transaction_count FROM buyer_balances_from_scratch()
  ON CONFLICT (buyer_id) DO UPDATE
    SET balance = excluded.balance, transaction_count = excluded.transaction_count;
$$;--> statement-breakpoint
SELECT buyer_balances_recount();
