import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  backdate,
  pay,
  statementOf as statementOfBuyer,
  summaryOf,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { onPostgres } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';

let w: AccountingWorld;
beforeAll(async () => {
  w = await accountingWorld();
});
afterAll(() => w.close());

const today = istanbulDate(new Date());
const cents = (value: number | string) => Math.round(Number(value) * 100);

const statementOf = (buyerId: number, query = '') => statementOfBuyer(w, buyerId, query);

/** What the writes keep for the buyer (decisions 132, 134 and 137). */
async function kept(buyerId: number) {
  const [row] = await rowsOf<{
    balance: string;
    orders_total: string;
    payments: string;
    refunds: string;
    transaction_count: number;
    order_count: number;
    live_order_count: number;
  }>(
    w.t.db,
    sql`select balance::text, orders_total::text, payments::text, refunds::text, transaction_count,
               order_count, live_order_count
          from buyer_balances where buyer_id = ${buyerId}`,
  );
  return {
    balance: cents(row?.balance ?? 0),
    ordersTotal: cents(row?.orders_total ?? 0),
    payments: cents(row?.payments ?? 0),
    refunds: cents(row?.refunds ?? 0),
    transactions: row?.transaction_count ?? 0,
    orders: row?.order_count ?? 0,
    liveOrders: row?.live_order_count ?? 0,
  };
}

/**
 * The buyer's movements summed from scratch, in cents, as docs/domain/money.md defines them: every
 * transaction (NEW_ORDER up, payments and refunds down) and, for each order whose dealt total (0 once
 * canceled) differs from its NEW_ORDER, the difference, dated at the later of the two.
 */
async function fromScratch(buyerId: number) {
  const transactions = await rowsOf<{ at: Date | string; reason: string; amount: string }>(
    w.t.db,
    sql`select created_at as at, reason, amount::text from accounting_transactions where buyer_id = ${buyerId}`,
  );
  const rows = await rowsOf<{ at: Date | string; dealt: string; placed: string; canceled: boolean }>(
    w.t.db,
    sql`select greatest(o.updated_at, n.created_at) as at, n.amount::text as placed,
               o.dealt_total_price::text as dealt,
               o.status in ('CANCELED_BY_SELLER', 'CANCELED_BY_BUYER') as canceled
          from orders o join accounting_transactions n on n.order_id = o.id and n.reason = 'NEW_ORDER'
         where o.buyer_id = ${buyerId}`,
  );
  // A canceled order's dealt total counts as 0.
  const orders = rows.map((o) => ({ ...o, dealt: o.canceled ? 0 : cents(o.dealt) }));
  const movements = [
    ...transactions.map((t) => ({
      at: new Date(t.at).getTime(),
      signed: t.reason === 'NEW_ORDER' ? cents(t.amount) : -cents(t.amount),
    })),
    ...orders
      .map((o) => ({ at: new Date(o.at).getTime(), signed: o.dealt - cents(o.placed) }))
      .filter((m) => m.signed !== 0),
  ];
  const sum = (list: { signed: number }[]) => list.reduce((total, m) => total + m.signed, 0);
  const paid = (reason: string) =>
    transactions.filter((t) => t.reason === reason).reduce((total, t) => total + cents(t.amount), 0);
  return {
    balance: sum(movements),
    ordersTotal: orders.reduce((total, o) => total + o.dealt, 0),
    payments: paid('ORDER_PAYMENT'),
    refunds: paid('PRODUCT_REFUND'),
    transactions: transactions.length,
    orders: orders.length,
    liveOrders: orders.filter((o) => !o.canceled).length,
    /** Opening, debits and credits of the Istanbul days `from` to today. */
    range(from: string) {
      const start = startOfIstanbulDay(from).getTime();
      const end = startOfIstanbulDay(addDays(today, 1)).getTime();
      const inRange = movements.filter((m) => m.at >= start && m.at < end);
      return {
        opening: sum(movements.filter((m) => m.at < start)),
        debit: inRange.reduce((total, m) => total + Math.max(m.signed, 0), 0),
        credit: inRange.reduce((total, m) => total + Math.max(-m.signed, 0), 0),
        lines: inRange.length,
      };
    },
  };
}

/**
 * Every kept figure against its sum from scratch, and the account summary (read from the kept row) with
 * them.
 */
async function expectKeptAsSummed(buyerId: number) {
  const scratch = await fromScratch(buyerId);
  const { range: _, ...summed } = scratch;
  expect(await kept(buyerId)).toEqual(summed);
  expect(await summaryOf(w, buyerId)).toEqual({
    buyerId,
    totalOrderCount: scratch.liveOrders,
    totalAmountOfOrders: scratch.ordersTotal / 100,
    totalAmountOfOrderPayments: scratch.payments / 100,
    totalAmountOfProductRefunds: scratch.refunds / 100,
    remainingAmountToPurchase: scratch.balance / 100,
  });
  return scratch;
}

/** Every statement figure against the sum from scratch, for ranges starting at each day of `days`. */
async function expectStatementsMatch(buyerId: number, days: number[]) {
  const scratch = await expectKeptAsSummed(buyerId);
  for (const day of days) {
    const from = addDays(today, day);
    const expected = scratch.range(from);
    const whole = await statementOf(buyerId, `&from=${from}&to=${today}`);
    expect(cents(whole.openingBalance)).toBe(expected.opening);
    expect(cents(whole.totalDebit)).toBe(expected.debit);
    expect(cents(whole.totalCredit)).toBe(expected.credit);
    expect(cents(whole.closingBalance)).toBe(scratch.balance);
    expect(whole.lines).toHaveLength(expected.lines);
    // The running balance steps by each line from the opening and ends at the closing balance.
    let running = expected.opening;
    for (const line of whole.lines) {
      running += cents(line.debit) - cents(line.credit);
      expect(cents(line.balance)).toBe(running);
    }
    expect(running).toBe(scratch.balance);
    // A page carries the same lines and balances as the whole.
    const second = await statementOf(buyerId, `&from=${from}&to=${today}&page=2&size=2`);
    expect(second.lines).toEqual(whole.lines.slice(2, 4));
    expect(second.paging).toMatchObject({ count: expected.lines, totalPages: Math.ceil(expected.lines / 2) });
    expect(second.openingBalance).toBe(whole.openingBalance);
  }
}

describe('the balance and summary figures the writes keep (decisions 132 and 137)', () => {
  it('equals the sum from scratch, and so do the statement figures, through payments, refunds, cancellations', async () => {
    const b = await buyer(w);
    const cheese = await stockedProduct(w, 600, { price: 10.25, discount: 0 });
    const yogurt = await stockedProduct(w, 600, { price: 5, discount: 0.5 });
    const at = (days: number) =>
      new Date(startOfIstanbulDay(addDays(today, days)).getTime() + 10 * 3_600_000);
    const days = [-20, -9, -6, -3, -1, 0];
    expect(await kept(b.id)).toEqual({
      balance: 0,
      ordersTotal: 0,
      payments: 0,
      refunds: 0,
      transactions: 0,
      orders: 0,
      liveOrders: 0,
    });

    const old = await placedOrder(w, b.id, [
      { productId: cheese, boxes: 2 },
      { productId: yogurt, boxes: 1 },
    ]);
    await backdate(w, old.id, at(-10));
    await pay(w, { orderId: old.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 40.5 });
    await expectStatementsMatch(b.id, days);

    // An item canceled in review lowers the dealt total: an adjustment.
    const second = await placedOrder(w, b.id, [
      { productId: cheese, boxes: 1 },
      { productId: yogurt, boxes: 2 },
    ]);
    await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${second.id}`);
    const canceled = await w.call(
      'PUT',
      `/orders/${second.id}/order-item/${second.orderItems[1]!.id}/cancel`,
    );
    expect(canceled.statusCode).toBe(200);
    await pay(w, { orderId: second.id, payType: 'BANK_TRANSFER', reason: 'ORDER_PAYMENT', amount: 30 });
    await pay(w, { orderId: second.id, payType: 'REFUND', reason: 'PRODUCT_REFUND', amount: 7.75 });
    await expectStatementsMatch(b.id, days);

    // A paid order canceled: its whole total comes back out.
    const third = await placedOrder(w, b.id, [{ productId: cheese, boxes: 1 }]);
    await pay(w, { orderId: third.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 20 });
    const cancel = await w.call('PUT', '/orders', { id: third.id, status: 'CANCELED_BY_BUYER' });
    expect(cancel.statusCode).toBe(200);
    await expectStatementsMatch(b.id, days);
  });

  it('is recounted from scratch to the same figures', async () => {
    const before = await rowsOf(w.t.db, sql`select * from buyer_balances order by buyer_id`);
    await w.t.db.execute(sql`delete from buyer_balances`);
    await w.t.db.execute(sql`select buyer_balances_recount()`);
    const after = await rowsOf(w.t.db, sql`select * from buyer_balances order by buyer_id`);
    expect(after.filter((row) => (row as { transaction_count: number }).transaction_count > 0)).toEqual(
      before.filter((row) => (row as { transaction_count: number }).transaction_count > 0),
    );
  });
});

// PGlite has one connection, so writes never overlap there; the race needs PostgreSQL.
describe.skipIf(!onPostgres)('the kept balance under simultaneous writes (PostgreSQL)', () => {
  it('counts every one of many payments of one buyer sent at once, beside cancellations', async () => {
    const b = await buyer(w);
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const orders = [];
    for (let index = 0; index < 4; index++)
      orders.push(await placedOrder(w, b.id, [{ productId, boxes: 5 }]));
    const [kept0, ...paid] = orders;
    const answers = await Promise.all([
      ...paid.flatMap((order) =>
        Array.from({ length: 8 }, (_, index) =>
          pay(w, {
            orderId: order.id,
            payType: index % 2 ? 'CASH' : 'BANK_TRANSFER',
            reason: 'ORDER_PAYMENT',
            amount: 1.25 + index,
          }),
        ),
      ),
      w.call('PUT', '/orders', { id: kept0!.id, status: 'CANCELED_BY_SELLER' }),
      w.call('PUT', `/orders/${paid[0]!.id}/order-item/${paid[0]!.orderItems[0]!.id}/cancel`),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, 24).every((status) => status === 200 || status === 422)).toBe(true);
    expect(statuses.slice(0, 24).filter((status) => status === 200).length).toBeGreaterThan(8);
    await expectStatementsMatch(b.id, [-1, 0]);
  });

  it('commits two writes that change the same two buyers in opposite orders, both counted', async () => {
    const [a, b] = [await buyer(w), await buyer(w)];
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    // Many orders of each buyer, so the commits' balance updates interleave (a shipment delivered to
    // several buyers changes their orders in the order of its stops).
    const ordersOf = async (buyerId: number) => {
      const placed = [];
      for (let index = 0; index < 6; index++)
        placed.push((await placedOrder(w, buyerId, [{ productId, boxes: 1 }])).id);
      return placed;
    };
    const [ofA, ofB] = [await ordersOf(a.id), await ordersOf(b.id)];
    const alternating = (first: number[], second: number[]) =>
      first.flatMap((id, index) => [id, second[index]!]);
    for (let round = 0; round < 5; round++) {
      let arrived = 0;
      let release = () => {};
      const bothReady = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Each transaction changes its orders, waits for the other, then both commit at once.
      const change = (ids: number[]) =>
        w.t.db.transaction(async (tx) => {
          for (const id of ids)
            await tx.execute(
              sql`update orders set dealt_total_price = dealt_total_price + 1 where id = ${id}`,
            );
          arrived += 1;
          if (arrived === 2) release();
          await bothReady;
        });
      await Promise.all([
        change(alternating(ofA.slice(0, 3), ofB.slice(0, 3))),
        change(alternating(ofB.slice(3), ofA.slice(3))),
      ]);
    }
    for (const one of [a, b]) await expectKeptAsSummed(one.id);
  });
});
