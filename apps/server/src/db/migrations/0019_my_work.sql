-- What is paid or refunded on an order, kept on its row by a trigger on the account's transactions
-- (docs/decisions/0128-my-work-on-ana-sayfa.md): the overdue count of Ana Sayfa reads one partial index
-- instead of summing every order's payments.
ALTER TABLE "orders" ADD COLUMN "settled_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "settled_amount" = s.total
  FROM (SELECT order_id, sum(amount)::numeric(14, 2) AS total FROM accounting_transactions
         WHERE reason <> 'NEW_ORDER' AND order_id IS NOT NULL GROUP BY order_id) s
 WHERE s.order_id = o.id;--> statement-breakpoint
CREATE FUNCTION orders_keep_settled_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET settled_amount = settled_amount + NEW.amount WHERE id = NEW.order_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER accounting_transactions_settle_order AFTER INSERT ON accounting_transactions
  FOR EACH ROW WHEN (NEW.reason <> 'NEW_ORDER' AND NEW.order_id IS NOT NULL)
  EXECUTE FUNCTION orders_keep_settled_amount();--> statement-breakpoint
CREATE INDEX "orders_open_balance_idx" ON "orders" USING btree ("planned_shipment_date")
  WHERE status not in ('CANCELED_BY_SELLER', 'CANCELED_BY_BUYER') and dealt_total_price > settled_amount;--> statement-breakpoint
CREATE INDEX "order_items_status_idx" ON "order_items" USING btree ("status", "order_id");
