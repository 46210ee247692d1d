import type { AccountingTransaction, AccountStatement, TransactionPage } from '@mandira/contract/accounting';
import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  backdate,
  buyerOfManyOrders,
  pay,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import { movements, type Span, spanOfDays } from './account-movements.ts';

let w: AccountingWorld;
beforeAll(async () => {
  w = await accountingWorld();
});
afterAll(() => w.close());

const today = istanbulDate(new Date());
const get = (url: string) => w.call('GET', url, undefined, w.finance);
async function data<T>(url: string): Promise<T> {
  const response = await get(url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  return response.json.data;
}

/** A buyer with an order placed 120 days ago, paid in part, and three orders of today, one paid. */
async function buyerWithAYear() {
  const b = await buyer(w);
  const cheese = await stockedProduct(w, 600, { price: 10, discount: 0 });
  const old = await placedOrder(w, b.id, [{ productId: cheese, boxes: 3 }]);
  await backdate(w, old.id, new Date(startOfIstanbulDay(addDays(today, -120)).getTime() + 9 * 3_600_000));
  const recent = [];
  for (const boxes of [1, 2, 4]) recent.push(await placedOrder(w, b.id, [{ productId: cheese, boxes }]));
  for (const body of [
    { orderId: old.id, amount: 40 },
    { orderId: recent[1]!.id, amount: 25.5 },
  ]) {
    const paid = await pay(w, { ...body, payType: 'CASH', reason: 'ORDER_PAYMENT' });
    expect(paid.statusCode).toBe(200);
  }
  return { buyer: b, old };
}

describe("a buyer's transactions, paged in SQL (decision 111)", () => {
  it('pages newest first and counts the whole set; the pages together are every transaction', async () => {
    const { buyer: b } = await buyerWithAYear();
    const everything = await data<AccountingTransaction[]>(
      `/accounting/transactions?buyerId=${b.id}&from=2000-01-01`,
    );
    expect(everything).toHaveLength(6);
    const pages: TransactionPage[] = [];
    for (const page of [1, 2, 3]) {
      pages.push(await data(`/accounting/transactions?buyerId=${b.id}&page=${page}&size=2`));
    }
    expect(pages.map((p) => [p.page, p.size, p.count, p.totalPages, p.transactions.length])).toEqual([
      [1, 2, 6, 3, 2],
      [2, 2, 6, 3, 2],
      [3, 2, 6, 3, 2],
    ]);
    expect(pages.flatMap((p) => p.transactions.map((t) => t.id))).toEqual(everything.map((t) => t.id));
  });

  it('answers an unpaged list of the last 90 days when no start is asked, and names them in a header', async () => {
    const { buyer: b, old } = await buyerWithAYear();
    const response = await get(`/accounting/transactions?buyerId=${b.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-default-range']).toBe(`${addDays(today, -89)}..${today}`);
    // Everything but the old order's NEW_ORDER: its payment was made today.
    const rows = (response.json.data as AccountingTransaction[]).map((t) => [
      t.relatedOrderNumber,
      t.reasonDetail.name,
    ]);
    expect(rows).toHaveLength(5);
    expect(rows).toContainEqual([old.orderNumber, 'ORDER_PAYMENT']);
    expect(rows).not.toContainEqual([old.orderNumber, 'NEW_ORDER']);

    const asked = await get(`/accounting/transactions?buyerId=${b.id}&from=${addDays(today, -200)}`);
    expect(asked.headers['x-default-range']).toBeUndefined();
    expect(asked.json.data).toHaveLength(6);
    const paged = await get(`/accounting/transactions?buyerId=${b.id}&page=1`);
    expect(paged.headers['x-default-range']).toBeUndefined();
    expect(paged.json.data.count).toBe(6);
  });
});

describe("a buyer's transactions paged from the day that holds each page (decision 195)", () => {
  it('walks every movement once, in order, across day boundaries, over all time and over a range, on both lists', async () => {
    // 150 orders 100 minutes apart, each with its NEW_ORDER and a payment, two in five adjusted: ~360
    // movements over ten Istanbul days, 30–40 a day, so pages of 37 start inside days and span them.
    const buyerId = await buyerOfManyOrders(w, 150);
    const fromScratch = async (span: Span) =>
      (
        await rowsOf<{ kind: string; id: number }>(
          w.t.db,
          sql`select m.kind, coalesce(m.transaction_id, m.order_id) as id from (${movements(buyerId, span)}) m
               order by m.at desc, m.seq desc, m.tie desc`,
        )
      ).map((row) => `${row.kind}:${row.id}`);
    /** Every page of 37 of `url`, from the first to the first empty one, and that last answer. */
    const everyPage = async <T>(url: string, keysOf: (answer: T) => string[]) => {
      const keys: string[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await data<T>(`${url}&page=${page}&size=37`);
        const shown = keysOf(answer);
        if (shown.length === 0) return { keys, last: answer };
        keys.push(...shown);
      }
    };
    const walk = async (range: string) => {
      const { keys, last } = await everyPage<TransactionPage>(
        `/accounting/transactions?buyerId=${buyerId}${range}`,
        (answer) =>
          answer.transactions.map((t) => `${t.kind}:${t.kind === 'TRANSACTION' ? t.id : t.orderId}`),
      );
      return { keys, counted: last.count };
    };

    const everything = await fromScratch({});
    expect(everything.length).toBeGreaterThan(300);
    expect(await walk('')).toEqual({ keys: everything, counted: everything.length });

    const [from, to] = [addDays(today, -6), addDays(today, -2)];
    const days = await fromScratch(spanOfDays(from, to));
    expect(days.length).toBeGreaterThan(100);
    expect(days.length).toBeLessThan(everything.length);
    expect(await walk(`&from=${from}&to=${to}`)).toEqual({ keys: days, counted: days.length });
    const past = await data<TransactionPage>(
      `/accounting/transactions?buyerId=${buyerId}&page=2147483647&size=500`,
    );
    expect(past).toMatchObject({ transactions: [], count: everything.length });

    // The statement's pages, from either end of the range, each line with the balance after it.
    const statementFromScratch = async (span: Span, opening: number) =>
      (
        await rowsOf<{ kind: string; id: number; balance: string }>(
          w.t.db,
          sql`select m.kind, coalesce(m.transaction_id, m.order_id) as id,
                     (${opening}::numeric(20,2)
                      + sum(m.signed) over (order by m.at, m.seq, m.tie rows unbounded preceding))::numeric(20,2)::text as balance
                from (${movements(buyerId, span)}) m order by m.at, m.seq, m.tie`,
        )
      ).map((row) => `${row.kind}:${row.id}:${Number(row.balance)}`);
    const statementWalk = async (range: string) => {
      const { keys, last } = await everyPage<AccountStatement>(
        `/accounting/statement?buyerId=${buyerId}${range}`,
        (answer) => answer.lines.map((l) => `${l.kind}:${l.transactionId ?? l.orderId}:${l.balance}`),
      );
      return { lines: keys, opening: last.openingBalance };
    };
    const wholeStatement = await statementWalk('');
    expect(wholeStatement.lines).toEqual(await statementFromScratch({}, 0));
    const rangeStatement = await statementWalk(`&from=${from}&to=${to}`);
    expect(rangeStatement.opening).toBeGreaterThan(0);
    expect(rangeStatement.lines).toEqual(
      await statementFromScratch(spanOfDays(from, to), rangeStatement.opening),
    );
  });
});

describe('the account statement, paged (decision 111)', () => {
  it('carries the running balance of the whole range on every page, as the unpaged statement does', async () => {
    const { buyer: b } = await buyerWithAYear();
    const whole = await data<AccountStatement>(`/accounting/statement?buyerId=${b.id}`);
    expect(whole.lines).toHaveLength(6);
    expect(whole.paging).toBeUndefined();
    const pages: AccountStatement[] = [];
    for (const page of [1, 2, 3]) {
      pages.push(await data(`/accounting/statement?buyerId=${b.id}&page=${page}&size=4`));
    }
    expect(pages.map((p) => p.paging)).toEqual([
      { page: 1, size: 4, count: 6, totalPages: 2 },
      { page: 2, size: 4, count: 6, totalPages: 2 },
      { page: 3, size: 4, count: 6, totalPages: 2 },
    ]);
    expect(pages[2]!.lines).toEqual([]);
    expect(pages.flatMap((p) => p.lines)).toEqual(whole.lines);
    for (const p of pages) {
      expect([p.openingBalance, p.totalDebit, p.totalCredit, p.closingBalance]).toEqual([
        whole.openingBalance,
        whole.totalDebit,
        whole.totalCredit,
        whole.closingBalance,
      ]);
    }
    expect(pages[1]!.lines.at(-1)!.balance).toBe(whole.closingBalance);
  });

  it('pages a range with an opening balance, 100 lines a page unless asked', async () => {
    const { buyer: b } = await buyerWithAYear();
    const range = `&from=${addDays(today, -30)}&to=${today}`;
    const whole = await data<AccountStatement>(`/accounting/statement?buyerId=${b.id}${range}`);
    const history = await data<AccountStatement>(`/accounting/statement?buyerId=${b.id}`);
    expect(whole.openingBalance).toBe(history.lines[0]!.balance);
    expect(whole.openingBalance).toBeGreaterThan(0);
    const first = await data<AccountStatement>(`/accounting/statement?buyerId=${b.id}${range}&page=1`);
    expect(first.paging).toEqual({ page: 1, size: 100, count: 5, totalPages: 1 });
    expect(first.lines).toEqual(whole.lines);
    const second = await data<AccountStatement>(
      `/accounting/statement?buyerId=${b.id}${range}&page=2&size=2`,
    );
    expect(second.lines).toEqual(whole.lines.slice(2, 4));
  });

  it('refuses a bad page or size with 400 on its field', async () => {
    const { buyer: b } = await buyerWithAYear();
    for (const [query, field] of [
      ['page=0', 'page'],
      ['size=501', 'size'],
      ['size=x', 'size'],
    ] as const) {
      const response = await get(`/accounting/statement?buyerId=${b.id}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json.error.field).toBe(field);
    }
  });
});
