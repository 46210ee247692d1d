import type { AccountingTransaction, PayOrderBody } from '@mandira/contract/accounting';
import type { OrderStatus } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.ts';
import { DEALT_OF, findTransactions, SETTLED_OF } from './accounting.repo.ts';

type PayInput = z.output<typeof PayOrderBody>;

export type PaidOrder = { id: number; buyer_id: number; order_number: number; status: OrderStatus };

/** The order a payment is against, its row locked until the transaction ends; undefined when unknown. */
export async function lockOrderToPay(tx: Tx, orderId: number): Promise<PaidOrder | undefined> {
  const [order] = await rowsOf<PaidOrder>(
    tx,
    sql`select id, buyer_id, order_number, status from orders where id = ${orderId} for update`,
  );
  return order;
}

/** What is open on the order (dealt total − payments − refunds, never below 0), and whether `amount` passes it. */
export async function openAmountOf(
  tx: Tx,
  orderId: number,
  amount: number,
): Promise<{ open: string; exceeds: boolean }> {
  const [open] = await rowsOf<{ open: string; exceeds: boolean }>(
    tx,
    sql`select greatest(x.open, 0)::text as open, ${amount}::numeric(14,2) > x.open as exceeds
          from (select (${DEALT_OF(sql`o`)} - ${SETTLED_OF(sql`o`)})::numeric(14,2) as open
                  from orders o where o.id = ${orderId}) x`,
  );
  return open!;
}

/** Appends the payment or refund to the buyer's ledger; its id. */
export async function insertPayment(
  tx: Tx,
  order: PaidOrder,
  input: PayInput,
  createdBy: number | null,
): Promise<number> {
  const [written] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, logo_invoice_id, created_by)
        values (${order.buyer_id}, ${order.id}, ${input.reason}, ${input.payType}, ${input.amount}::numeric(14,2),
                ${input.logoInvoiceId}, ${createdBy})
        returning id`,
  );
  return written!.id;
}

/** The transaction of this id with its details. */
export async function findTransaction(tx: Tx, id: number): Promise<AccountingTransaction> {
  const [transaction] = await findTransactions(tx, sql`t.id = ${id}`);
  return transaction!;
}
