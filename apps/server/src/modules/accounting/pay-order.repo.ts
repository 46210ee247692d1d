import type { AccountingTransaction, PayOrderBody } from '@mandira/contract/accounting';
import { CANCELED_ORDER_STATUSES, type OrderStatus } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedRowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { DEALT_OF, MOVEMENT_DETAILS, type TransactionRow, toTransaction } from './accounting.repo.ts';

type PayInput = z.output<typeof PayOrderBody>;

export type PaidOrder = { id: number; buyer_id: number; order_number: number; status: OrderStatus };

/** What one payment statement found and did: the order, what was open on it, and the entry written. */
export type PaymentAttempt = {
  order: PaidOrder;
  /** What was open on the order before the payment (dealt total − payments − refunds, never below 0). */
  open: string;
  /** Whether the amount passed what was open. */
  exceeds: boolean;
  /** The entry written, with its details; undefined when the order is canceled or the amount exceeds. */
  transaction: AccountingTransaction | undefined;
};

type AttemptRow = Omit<TransactionRow, 'id' | 'buyer_id' | 'created_at' | 'order_id' | 'amount'> & {
  id: number | null;
  buyer_id: number | null;
  created_at: Date | string | null;
  order_id: number | null;
  amount: string | null;
  paid_order_buyer_id: number;
  open: string;
  exceeds: boolean;
};

/**
 * Locks the order's row, and appends the payment or refund to the buyer's ledger when the order is not
 * canceled and the amount does not pass what is open, in one statement (decision 183); undefined when
 * there is no such order. The row is locked before it is read, so a payment that waited for another
 * one's lock reads the order as that one left it: what is open is reckoned from the row's own columns
 * (its settled amount, which a trigger moves with each entry), never from a read of the ledger, which
 * would see the statement's older snapshot. The entry is answered as the transaction list shows it.
 */
export async function payLockedOrder(
  tx: Tx,
  input: PayInput,
  createdBy: number | null,
): Promise<PaymentAttempt | undefined> {
  const amount = sql`${input.amount}::numeric(14,2)`;
  const [row] = await preparedRowsOf<AttemptRow>(
    tx,
    'pay_locked_order',
    sql`with o as (
          select o.id, o.buyer_id, o.order_number, o.status, o.dealt_total_price, o.settled_amount,
                 (${DEALT_OF(sql`o`)} - o.settled_amount)::numeric(14,2) as unpaid
            from orders o where o.id = ${input.orderId} for update),
        t as (
          insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, logo_invoice_id, created_by)
          select o.buyer_id, o.id, ${input.reason}::text, ${input.payType}::text, ${amount},
                 ${input.logoInvoiceId}::text, ${createdBy}::int
            from o
           where o.status not in (${statusList(CANCELED_ORDER_STATUSES)}) and ${amount} <= o.unpaid
          returning id, buyer_id, created_at, order_id, reason, pay_type, logo_invoice_id, amount, created_by)
        select 'TRANSACTION' as kind, t.id, t.buyer_id, t.created_at, t.order_id, t.reason, t.pay_type,
               t.logo_invoice_id, t.amount::text as amount, ${MOVEMENT_DETAILS},
               o.buyer_id as paid_order_buyer_id, greatest(o.unpaid, 0)::text as open, ${amount} > o.unpaid as exceeds
          from o
          left join t on true
          left join users u on u.id = t.created_by`,
  );
  if (!row) return undefined;
  const { paid_order_buyer_id, open, exceeds, ...entry } = row;
  return {
    order: {
      id: input.orderId,
      buyer_id: paid_order_buyer_id,
      order_number: row.order_number,
      status: row.order_status,
    },
    open,
    exceeds,
    transaction: entry.id === null ? undefined : toTransaction(entry as TransactionRow),
  };
}
