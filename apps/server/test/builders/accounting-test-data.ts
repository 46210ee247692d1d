import type { AccountingSummary, AccountingTransaction, PayOrderBody } from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import { type OrderWorld, orderWorld } from './order-test-data.ts';

/** The order world with a FINANCE_ADMIN token, the role of the accounting screen. */
export type AccountingWorld = OrderWorld & { finance: string };

export async function accountingWorld(): Promise<AccountingWorld> {
  const w = await orderWorld();
  return { ...w, finance: await w.t.tokenWithRoles(['FINANCE_ADMIN']) };
}

export const pay = (w: AccountingWorld, body: Partial<PayOrderBody> | object) =>
  w.call('POST', '/accounting/pay-order', body, w.finance);

export async function summaryOf(w: AccountingWorld, buyerId: number): Promise<AccountingSummary> {
  const response = await w.call('GET', `/accounting/summary?buyerId=${buyerId}`, undefined, w.finance);
  if (response.statusCode !== 200) throw new Error(`no summary: ${response.body}`);
  return response.json.data;
}

export async function transactionsOf(
  w: AccountingWorld,
  buyerId: number,
  query = '',
): Promise<AccountingTransaction[]> {
  const response = await w.call(
    'GET',
    `/accounting/transactions?buyerId=${buyerId}${query}`,
    undefined,
    w.finance,
  );
  if (response.statusCode !== 200) throw new Error(`no transactions: ${response.body}`);
  return response.json.data;
}

/** Every row of the ledger, to prove a refused call wrote nothing. */
export const ledger = (w: OrderWorld) =>
  rowsOf(w.t.db, sql`select * from accounting_transactions order by id`);

/** Moves an order and its NEW_ORDER back in time, as the demo data does with its orders. */
export async function backdate(w: OrderWorld, orderId: number, at: Date): Promise<void> {
  await w.t.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('mandira.backdating', 'on', true)`);
    await tx.execute(
      sql`update orders set created_at = ${at.toISOString()}::timestamptz where id = ${orderId}`,
    );
    await tx.execute(sql`
      update accounting_transactions set created_at = ${at.toISOString()}::timestamptz
       where order_id = ${orderId} and reason = 'NEW_ORDER'`);
  });
}
