import type { AccountStatement } from '@mandira/contract/accounting';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, statementOf } from '../../../test/builders/accounting-test-data.ts';
import { placedOrder } from '../../../test/builders/order-test-data.ts';
import {
  type OrderWrite,
  orderOf,
  runOrderWrite,
  type WritesWorld,
  writesWorld,
} from '../../../test/builders/random-writes.ts';
import { onPostgres } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';
import { movements } from './account-movements.ts';

/**
 * The day sums the writes keep per buyer (migration 0033, decision 174) against the movements of
 * account-movements.ts grouped by Istanbul day, after random writes through the API across days.
 */
let w: WritesWorld;
let productId: number;
let buyers: WritesWorld['buyers'];
beforeAll(async () => {
  w = await writesWorld();
  ({ productId, buyers } = w);
});
afterAll(() => w.close());

const today = istanbulDate(new Date());
const cents = (value: number | string) => Math.round(Number(value) * 100);

type Day = { day: string; debit: number; credit: number; count: number };

/** The buyer's days as the writes keep them, days that sum to nothing left out. */
async function keptDays(buyerId: number): Promise<Day[]> {
  const rows = await rowsOf<{ day: string; debit: string; credit: string; count: number }>(
    w.t.db,
    sql`select day::text as day, debit::text, credit::text, count from buyer_day_sums
         where buyer_id = ${buyerId} and (count <> 0 or debit <> 0 or credit <> 0) order by day`,
  );
  return rows.map((row) => ({ ...row, debit: cents(row.debit), credit: cents(row.credit) }));
}

/** The buyer's movements (account-movements.ts) grouped by Istanbul day, summed here from scratch. */
async function summedDays(buyerId: number): Promise<Day[]> {
  const rows = await rowsOf<{ at: Date | string; signed: string }>(
    w.t.db,
    sql`select m.at, m.signed::text as signed from (${movements(buyerId, {})}) m`,
  );
  const days = new Map<string, Day>();
  for (const row of rows) {
    const day = istanbulDate(new Date(row.at));
    const sum = days.get(day) ?? { day, debit: 0, credit: 0, count: 0 };
    const signed = cents(row.signed);
    days.set(day, {
      day,
      debit: sum.debit + Math.max(signed, 0),
      credit: sum.credit + Math.max(-signed, 0),
      count: sum.count + 1,
    });
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

const figures = (statement: AccountStatement) => ({
  opening: statement.openingBalance,
  debit: statement.totalDebit,
  credit: statement.totalCredit,
  closing: statement.closingBalance,
});

/** The kept days equal the summed ones, and a page's totals (from them) equal the whole statement's. */
async function expectDaysAsSummed(buyerId: number) {
  expect(await keptDays(buyerId)).toEqual(await summedDays(buyerId));
  const range = `&from=${addDays(today, -6)}&to=${addDays(today, -1)}`;
  const whole = await statementOf(w, buyerId, range);
  const page = await statementOf(w, buyerId, `${range}&page=1&size=2`);
  expect(figures(page)).toEqual(figures(whole));
  expect(page.paging?.count).toBe(whole.lines.length);
}

type Step = OrderWrite | { kind: 'moveChange' | 'movePlacing' | 'movePayments'; order: number; days: number };

const anOrder = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      buyer: fc.nat({ max: 1 }),
      boxes: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order: anOrder,
      amount: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order: anOrder,
      amount: fc.integer({ min: 1, max: 10 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('cancelItem' as const, 'cancelOrder' as const),
      order: anOrder,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('loadPartly' as const),
      boxes: fc.integer({ min: 1, max: 2 }),
      pieces: fc.integer({ min: 1, max: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('moveChange' as const, 'movePlacing' as const, 'movePayments' as const),
      order: anOrder,
      days: fc.integer({ min: 1, max: 5 }),
    }),
  },
);

/** Runs one step on the orders placed so far; a refusal (too much paid, a step not allowed) is a step too. */
async function run(one: Step, orders: Order[]) {
  if ('days' in one) {
    const order = orderOf(one, orders);
    if (order) await moved(one, order.id);
  } else await runOrderWrite(w, one, orders);
}

/** Moves an order's last change, its placing (the order and its NEW_ORDER) or its payments days back, by SQL. */
async function moved(one: Step & { days: number }, orderId: number) {
  const back = sql`make_interval(days => ${one.days})`;
  await w.t.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('mandira.backdating', 'on', true)`);
    if (one.kind === 'moveChange')
      await tx.execute(sql`update orders set updated_at = updated_at - ${back} where id = ${orderId}`);
    else if (one.kind === 'movePlacing') {
      await tx.execute(sql`update orders set created_at = created_at - ${back} where id = ${orderId}`);
      await tx.execute(sql`
        update accounting_transactions set created_at = created_at - ${back}
         where order_id = ${orderId} and reason = 'NEW_ORDER'`);
    } else
      await tx.execute(sql`
        update accounting_transactions set created_at = created_at - ${back}
         where order_id = ${orderId} and reason <> 'NEW_ORDER'`);
  });
}

describe("the buyers' day sums the writes keep (decision 174)", () => {
  it('equal the movements summed per Istanbul day after any writes across days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const orders: Order[] = [];
        for (const one of steps) await run(one, orders);
        for (const { buyerId } of buyers) await expectDaysAsSummed(buyerId);
      }),
      { numRuns: 10 },
    );
  }, 240_000);

  it('are recounted from scratch to the same figures', async () => {
    const kept = await Promise.all(buyers.map(({ buyerId }) => keptDays(buyerId)));
    await w.t.db.execute(sql`select buyer_day_sums_recount()`);
    expect(await Promise.all(buyers.map(({ buyerId }) => keptDays(buyerId)))).toEqual(kept);
  });
});

// PGlite has one connection, so writes never overlap there; the race needs PostgreSQL.
describe.skipIf(!onPostgres)('the day sums under simultaneous writes (PostgreSQL)', () => {
  it('count every payment sent at once beside cancellations and changes of the same orders', async () => {
    const { buyerId, branchId } = buyers[1]!;
    const placed: Order[] = [];
    for (let index = 0; index < 4; index++)
      placed.push(await placedOrder(w, buyerId, [{ productId, boxes: 3 }], { buyerBranch: branchId }));
    await Promise.all([
      ...placed.flatMap((order) =>
        Array.from({ length: 6 }, (_, index) =>
          pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 1 + index }),
        ),
      ),
      w.call('PUT', '/orders', { id: placed[0]!.id, status: 'CANCELED_BY_SELLER' }),
      w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${placed[1]!.id}`),
      moved({ kind: 'moveChange', order: 0, days: 2 }, placed[2]!.id),
    ]);
    await expectDaysAsSummed(buyerId);
  });
});
