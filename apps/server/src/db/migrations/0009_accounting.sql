CREATE TABLE "accounting_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"pay_type" text,
	"amount" numeric(14, 2) NOT NULL,
	"logo_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "accounting_transactions_kind_check" CHECK ((reason = 'NEW_ORDER' and pay_type is null and amount >= 0)
        or (reason = 'ORDER_PAYMENT' and pay_type in ('CASH', 'BANK_TRANSFER') and amount > 0)
        or (reason = 'PRODUCT_REFUND' and pay_type = 'REFUND' and amount > 0))
);
--> statement-breakpoint
ALTER TABLE "accounting_transactions" ADD CONSTRAINT "accounting_transactions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_transactions" ADD CONSTRAINT "accounting_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_transactions_buyer_created_idx" ON "accounting_transactions" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accounting_transactions_order_idx" ON "accounting_transactions" USING btree ("order_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_transactions_new_order_key" ON "accounting_transactions" USING btree ("order_id") WHERE reason = 'NEW_ORDER';--> statement-breakpoint
-- Orders placed before the ledger existed get their NEW_ORDER, for their total at placing, at their time.
INSERT INTO accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at, created_by)
SELECT buyer_id, id, 'NEW_ORDER', NULL, total_price, created_at, created_by FROM orders;--> statement-breakpoint
-- The ledger is append-only (docs/domain/money.md): a correction is a new transaction, never an edit.
CREATE FUNCTION accounting_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the demo data set, which back-dates its orders, may move a row's time, and nothing else of it.
  IF TG_OP = 'UPDATE' AND current_setting('mandira.backdating', true) = 'on'
     AND (NEW.id, NEW.buyer_id, NEW.order_id, NEW.reason, NEW.pay_type, NEW.amount, NEW.logo_invoice_id, NEW.created_by)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.buyer_id, OLD.order_id, OLD.reason, OLD.pay_type, OLD.amount, OLD.logo_invoice_id, OLD.created_by) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'accounting_transactions is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER accounting_transactions_append_only
  BEFORE UPDATE OR DELETE ON accounting_transactions
  FOR EACH ROW EXECUTE FUNCTION accounting_transactions_append_only();
