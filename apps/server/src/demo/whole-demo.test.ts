import type { AccountingSummary, AccountStatement } from '@mandira/contract/accounting';
import { ORDER_STATUSES } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds } from '../../test/builders/loading-test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { unnamedInTrail, wholeTrail } from '../../test/unnamed-in-trail.ts';
import { rowsOf } from '../db/client.ts';
import { listAuditEntries } from '../modules/audit/audit.service.ts';
import { DEMO_SEEDERS } from './demo-seed.ts';
import { seedDemoUsers } from './demo-users.ts';

/**
 * The whole demo, as `npm run demo` seeds it, read by the areas that come last in its chain: loading,
 * accounting, and the trail every area's services wrote. Seeded once for all three: the demo is the
 * largest set up of the suite (the earlier areas' own tests seed only through their area).
 */
let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUsers(t.db);
  for (const seeder of DEMO_SEEDERS) await seeder.seed(t.db);
  finance = await t.tokenWithRoles(['FINANCE_ADMIN']);
}, 600_000);
afterAll(() => t.close());

describe('the loading demo data', () => {
  it("has a delivered shipment, one on the road and one loading besides the fleet demo's, built so that the ledger adds up", async () => {
    const shipments = await rowsOf<{ code: string; status: string; loads: number }>(
      t.db,
      sql`select s.code, s.status, (select count(*)::int from shipment_loads l where l.shipment_id = s.id) as loads
            from shipments s where s.code like 'SVK-2026-00%' order by s.code`,
    );
    expect(shipments.map((one) => [one.code, one.status])).toEqual([
      ['SVK-2026-001', 'DELIVERED'],
      ['SVK-2026-002', 'ON_DELIVERY'],
      ['SVK-2026-003', 'LOADING'],
    ]);
    for (const one of shipments) expect(one.loads, one.code).toBeGreaterThan(0);
    await expectLedgerHolds({ t });
  });

  it('has orders in every status and items at every warehouse and shipping step', async () => {
    const orders = await rowsOf<{ status: string }>(t.db, sql`select distinct status from orders`);
    expect(orders.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const items = await rowsOf<{ status: string }>(t.db, sql`select distinct status from order_items`);
    expect(items.map((row) => row.status)).toEqual(
      expect.arrayContaining([
        'WAITING_FOR_WAREHOUSE_OPERATION',
        'PREPARING',
        'PREPARED_WAITING_FOR_LOADING',
        'LOADING',
        'LOADED_TO_TRUCK_FROM_WAREHOUSE',
        'LOAD_STATUS_ACCEPTED',
        'DELIVERED_TO_BUYER',
      ]),
    );
    // The warehouse still has orders to load onto the truck that is loading.
    const [waiting] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_items i
           where i.status = 'LOADING' and i.loaded_quantity = 0`,
    );
    expect(waiting!.n).toBeGreaterThan(0);
  });
});

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

// Decision 144: every action, field and value of the demo's trail must read in Turkish.
describe("the demo's trail", () => {
  it('names every action, record kind, field, code and referred record of every area in Turkish', async () => {
    const entries = await wholeTrail((page) => listAuditEntries(t.db, { page, size: 200 }));
    expect(entries.length).toBeGreaterThan(1000);
    expect(new Set(entries.map((entry) => entry.entityType)).size).toBeGreaterThan(15);
    expect(unnamedInTrail(entries)).toEqual([]);
  }, 120_000);
});
