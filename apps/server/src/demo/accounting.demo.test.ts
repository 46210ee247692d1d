import type { AccountingSummary, AccountStatement } from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoThrough } from '../../test/demo-chain.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoThrough(t.db, 'accounting');
  finance = await t.tokenWithRoles(['FINANCE_ADMIN']);
}, 300_000);
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.call(finance, { method: 'GET', url: `/api${url}` });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  return response.json.data;
};

describe('the accounting demo data', () => {
  it('has a NEW_ORDER at the time of every demo order, and payments after their orders, none in the future', async () => {
    const [figures] = await rowsOf<{
      orders: number;
      new_orders: number;
      misdated: number;
      payments: number;
      refunds: number;
    }>(
      t.db,
      sql`select (select count(*)::int from orders) as orders,
                 (select count(*)::int from accounting_transactions t join orders o on o.id = t.order_id
                   where t.reason = 'NEW_ORDER' and t.created_at = o.created_at and t.amount = o.total_price) as new_orders,
                 (select count(*)::int from accounting_transactions t join orders o on o.id = t.order_id
                   where t.created_at < o.created_at or t.created_at > now()) as misdated,
                 (select count(*)::int from accounting_transactions where reason = 'ORDER_PAYMENT') as payments,
                 (select count(*)::int from accounting_transactions where reason = 'PRODUCT_REFUND') as refunds`,
    );
    expect(figures!.orders).toBeGreaterThanOrEqual(30);
    expect(figures!.new_orders).toBe(figures!.orders);
    expect(figures!.misdated).toBe(0);
    expect(figures!.payments).toBeGreaterThanOrEqual(10);
    expect(figures!.refunds).toBeGreaterThan(0);
  });

  it('has buyers paid up, buyers owing and one in credit, each statement closing at its summary', async () => {
    const buyers = await rowsOf<{ id: number }>(
      t.db,
      sql`select distinct buyer_id as id from orders order by buyer_id`,
    );
    const balances: number[] = [];
    for (const { id } of buyers) {
      const summary = await get<AccountingSummary>(`/accounting/summary?buyerId=${id}`);
      const statement = await get<AccountStatement>(`/accounting/statement?buyerId=${id}`);
      expect(statement.closingBalance, `buyer ${id}`).toBe(summary.remainingAmountToPurchase);
      balances.push(summary.remainingAmountToPurchase);
    }
    expect(balances.filter((balance) => balance === 0).length).toBeGreaterThanOrEqual(2);
    expect(balances.filter((balance) => balance > 0).length).toBeGreaterThanOrEqual(2);
    expect(balances.filter((balance) => balance < 0)).toHaveLength(1);
  });
});
