import type {
  AccountingSummary,
  AccountingTransaction,
  AccountStatement,
  PayOrderBody,
} from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import { buyer, type OrderWorld, orderWorld, placedOrder, stockedProduct } from './order-test-data.ts';

/** The order world with a FINANCE_ADMIN token, the role of the accounting screen. */
export type AccountingWorld = OrderWorld & { finance: string };

export async function accountingWorld(): Promise<AccountingWorld> {
  const w = await orderWorld();
  return { ...w, finance: await w.t.tokenWithRoles(['FINANCE_ADMIN']) };
}

export const pay = (w: AccountingWorld, body: Partial<PayOrderBody> | object) =>
  w.call('POST', '/accounting/pay-order', body, w.finance);

/** A read of the accounting screen as FINANCE_ADMIN, its data; anything but 200 throws. */
async function read<T>(w: AccountingWorld, url: string): Promise<T> {
  const response = await w.call('GET', url, undefined, w.finance);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  return response.json.data;
}

export const summaryOf = (w: AccountingWorld, buyerId: number) =>
  read<AccountingSummary>(w, `/accounting/summary?buyerId=${buyerId}`);

export const transactionsOf = (w: AccountingWorld, buyerId: number, query = '') =>
  read<AccountingTransaction[]>(w, `/accounting/transactions?buyerId=${buyerId}${query}`);

export const statementOf = (w: AccountingWorld, buyerId: number, query = '') =>
  read<AccountStatement>(w, `/accounting/statement?buyerId=${buyerId}${query}`);

/**
 * A buyer with `orders` orders of 100 TL, one every 100 minutes back from now, each with its NEW_ORDER and
 * a payment of 50 TL ten minutes later; two in five dealt at 90 TL, changed half an hour after placing
 * (an adjustment). Written in bulk for the PostgreSQL tests of rows read (issue 42); returns its id.
 */
export async function buyerOfManyOrders(w: AccountingWorld, orders: number): Promise<number> {
  const b = await buyer(w);
  const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
  const first = await placedOrder(w, b.id, [{ productId, boxes: 1 }]);
  await w.t.db.execute(sql`
    with o as (
      insert into orders (buyer_id, buyer_branch_id, status, total_price, dealt_total_price, created_at, updated_at)
      select f.buyer_id, f.buyer_branch_id, 'COMPLETED', 100, case when g % 5 < 2 then 90 else 100 end,
             now() - make_interval(mins => g * 100), now() - make_interval(mins => g * 100 - 30)
        from orders f, generate_series(1, ${orders}) g
       where f.id = ${first.id}
      returning id, buyer_id, created_at)
    insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at)
    select o.buyer_id, o.id, 'NEW_ORDER', null, 100, o.created_at from o
    union all
    select o.buyer_id, o.id, 'ORDER_PAYMENT', 'CASH', 50, o.created_at + interval '10 minutes' from o`);
  // As autovacuum leaves tables grown by thousands of rows: planned by their statistics, and the buyer's
  // balance and day rows, rewritten by each insert's trigger, without their thousands of dead versions.
  for (const table of [
    'orders',
    'accounting_transactions',
    'buyer_balances',
    'buyer_day_sums',
    'order_adjustments_counted',
  ])
    await w.t.db.execute(sql.raw(`vacuum analyze ${table}`));
  return b.id;
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
