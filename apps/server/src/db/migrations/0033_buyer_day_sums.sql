-- Each buyer's statement movements summed per Istanbul day, kept by the writes
-- (docs/decisions/0174-statement-totals-kept-per-day.md): a statement's range is whole days, so its
-- debits, credits and count are the sums of one row a day instead of every movement of the range.
-- The movements are account-movements.ts's: each transaction (NEW_ORDER raises the balance, payments and
-- refunds lower it) and each order's adjustment (its dealt total, 0 once canceled, less its NEW_ORDER,
-- dated at the later of the order's last change and the NEW_ORDER, only when not zero). A movement that
-- raises the balance is a debit, one that lowers it a credit, as the statement's lines and totals split
-- them.
CREATE TABLE "buyer_day_sums" (
	"buyer_id" integer NOT NULL REFERENCES "buyers"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"debit" numeric(20, 2) DEFAULT 0 NOT NULL,
	"credit" numeric(20, 2) DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "buyer_day_sums_pkey" PRIMARY KEY ("buyer_id", "day")
);--> statement-breakpoint
-- Each order's adjustment as the day sums count it. An adjustment depends on two rows, the order and its
-- NEW_ORDER, and the triggers run at the commit, when both are as the transaction leaves them: adding
-- each row's old-to-new difference would count an order placed with its NEW_ORDER in one commit twice.
-- So a change compares the adjustment as it stands with the one counted here and moves the days by that.
-- No foreign key: a removed order's row is taken back out by its trigger, not dropped unseen.
CREATE TABLE "order_adjustments_counted" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);--> statement-breakpoint
-- The Istanbul day of an instant (the statement's days, `spanOfDays`).
CREATE FUNCTION buyer_day_of(instant timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (instant AT TIME ZONE 'Europe/Istanbul')::date;
$$;--> statement-breakpoint
-- Every order's adjustment as it stands (account-movements.ts): an order without its NEW_ORDER has none.
CREATE VIEW order_adjustments_now AS
  SELECT o.id AS order_id, o.buyer_id, buyer_day_of(greatest(o.updated_at, n.created_at)) AS day,
         buyer_balances_order_share(o.status, o.dealt_total_price) - n.amount AS amount
    FROM orders o JOIN accounting_transactions n ON n.order_id = o.id AND n.reason = 'NEW_ORDER'
   WHERE buyer_balances_order_share(o.status, o.dealt_total_price) <> n.amount;--> statement-breakpoint
-- One movement (`signed`, its change of the balance) added to (times 1) or taken from (times -1) its
-- buyer's day. The lock is decision 132's, taken by every commit-time step: two commits never take the
-- same day rows in opposite orders.
CREATE FUNCTION buyer_day_sums_add(buyer integer, on_day date, signed numeric, times integer) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('buyer_balances'));
  INSERT INTO buyer_day_sums (buyer_id, day, debit, credit, count)
  VALUES (buyer, on_day, times * greatest(signed, 0), times * greatest(-signed, 0), times)
  ON CONFLICT (buyer_id, day) DO UPDATE
    SET debit = buyer_day_sums.debit + excluded.debit,
        credit = buyer_day_sums.credit + excluded.credit,
        count = buyer_day_sums.count + excluded.count;
$$;--> statement-breakpoint
-- Brings the day sums to the order's adjustment as it stands, from the one they count. The comparison
-- needs no lock: the order's row, locked by the transaction that changed it, keeps others off its
-- adjustment; most changes leave it where it was, and only a change of the days takes the lock
-- (`buyer_day_sums_add`), so the commits of other writes do not wait for the comparison.
CREATE FUNCTION buyer_day_sums_keep_adjustment(adjusted integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted order_adjustments_counted%ROWTYPE;
  standing order_adjustments_counted%ROWTYPE;
BEGIN
  SELECT * INTO standing FROM order_adjustments_now WHERE order_id = adjusted;
  SELECT * INTO counted FROM order_adjustments_counted WHERE order_id = adjusted;
  IF (counted.buyer_id, counted.day, counted.amount) IS NOT DISTINCT FROM
     (standing.buyer_id, standing.day, standing.amount) THEN
    RETURN;
  END IF;
  IF counted.order_id IS NOT NULL THEN
    PERFORM buyer_day_sums_add(counted.buyer_id, counted.day, counted.amount, -1);
    DELETE FROM order_adjustments_counted WHERE order_id = adjusted;
  END IF;
  IF standing.order_id IS NOT NULL THEN
    PERFORM buyer_day_sums_add(standing.buyer_id, standing.day, standing.amount, 1);
    INSERT INTO order_adjustments_counted (order_id, buyer_id, day, amount)
    VALUES (adjusted, standing.buyer_id, standing.day, standing.amount);
  END IF;
END;
$$;--> statement-breakpoint
-- An order's change may move its adjustment to another day (its last change dates it), change its
-- amount, or make it appear or vanish. A new order has none until its NEW_ORDER, whose trigger counts it.
CREATE FUNCTION buyer_day_sums_keep_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM buyer_day_sums_keep_adjustment(OLD.id);
  ELSIF (OLD.status, OLD.dealt_total_price, OLD.buyer_id, OLD.updated_at)
        IS DISTINCT FROM (NEW.status, NEW.dealt_total_price, NEW.buyer_id, NEW.updated_at) THEN
    PERFORM buyer_day_sums_keep_adjustment(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A transaction is its own movement, on its day; a NEW_ORDER also dates and sizes its order's adjustment.
-- The ledger is append-only, but the demo data set moves rows' times (migration 0009).
CREATE FUNCTION buyer_day_sums_keep_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM buyer_day_sums_add(OLD.buyer_id, buyer_day_of(OLD.created_at),
                               CASE WHEN OLD.reason = 'NEW_ORDER' THEN OLD.amount ELSE -OLD.amount END, -1);
    IF OLD.reason = 'NEW_ORDER' THEN PERFORM buyer_day_sums_keep_adjustment(OLD.order_id); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM buyer_day_sums_add(NEW.buyer_id, buyer_day_of(NEW.created_at),
                               CASE WHEN NEW.reason = 'NEW_ORDER' THEN NEW.amount ELSE -NEW.amount END, 1);
    IF NEW.reason = 'NEW_ORDER' THEN PERFORM buyer_day_sums_keep_adjustment(NEW.order_id); END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- At the commit, as the buyers' balances are kept (decision 132): the day rows are held for a moment,
-- after every order row the transaction locks, never for the whole write.
CREATE CONSTRAINT TRIGGER orders_keep_buyer_day_sums
  AFTER DELETE OR UPDATE OF status, dealt_total_price, buyer_id, updated_at ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_day_sums_keep_order();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounting_transactions_keep_buyer_day_sums
  AFTER INSERT OR UPDATE OR DELETE ON accounting_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buyer_day_sums_keep_transaction();--> statement-breakpoint
-- Every buyer's day sums from scratch: what the triggers keep, by its definition. The recount below
-- writes it; a check after a run compares the kept rows with it (bench/harness/balances.ts).
CREATE FUNCTION buyer_day_sums_from_scratch()
RETURNS TABLE (buyer_id integer, day date, debit numeric, credit numeric, count integer)
LANGUAGE sql STABLE AS $$
  SELECT m.buyer_id, m.day, sum(greatest(m.signed, 0)), sum(greatest(-m.signed, 0)), count(*)::int
    FROM (SELECT t.buyer_id, buyer_day_of(t.created_at) AS day,
                 CASE WHEN t.reason = 'NEW_ORDER' THEN t.amount ELSE -t.amount END AS signed
            FROM accounting_transactions t
          UNION ALL
          SELECT a.buyer_id, a.day, a.amount FROM order_adjustments_now a) m
   GROUP BY m.buyer_id, m.day;
$$;--> statement-breakpoint
-- The migration's backfill, and a bulk load's after it has set the triggers aside.
CREATE FUNCTION buyer_day_sums_recount() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('buyer_balances'));
  DELETE FROM order_adjustments_counted;
  INSERT INTO order_adjustments_counted (order_id, buyer_id, day, amount)
  SELECT order_id, buyer_id, day, amount FROM order_adjustments_now;
  DELETE FROM buyer_day_sums;
  INSERT INTO buyer_day_sums (buyer_id, day, debit, credit, count)
  SELECT buyer_id, day, debit, credit, count FROM buyer_day_sums_from_scratch();
$$;--> statement-breakpoint
SELECT buyer_day_sums_recount();
