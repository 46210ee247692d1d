import {
  STATEMENT_MAX_LINES,
  STATEMENT_TOO_LONG_MESSAGE,
  TRANSACTIONS_UNPAGED_LIMIT,
} from '@mandira/contract/accounting';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountingWorld, accountingWorld } from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';

let w: AccountingWorld;
let buyerId: number;
/** One order and its payments of a cent each: more movements than a whole statement holds. */
const PAYMENTS = STATEMENT_MAX_LINES + 10;
const today = istanbulDate(new Date());

beforeAll(async () => {
  w = await accountingWorld();
  buyerId = (await buyer(w)).id;
  const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
  const order = await placedOrder(w, buyerId, [{ productId, boxes: 100 }]);
  await w.t.db.execute(
    sql`insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at)
        select ${buyerId}, ${order.id}, 'ORDER_PAYMENT', 'CASH', 0.01, now() - make_interval(mins => g)
          from generate_series(1, ${PAYMENTS}) g`,
  );
});
afterAll(() => w.close());

const get = (url: string) => w.call('GET', url, undefined, w.finance);
const movements = PAYMENTS + 1;

describe('a long account history (decision 149)', () => {
  it('answers unpaged transactions with the newest TRANSACTIONS_UNPAGED_LIMIT and the count in headers', async () => {
    const response = await get(`/accounting/transactions?buyerId=${buyerId}&from=2000-01-01`);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toHaveLength(TRANSACTIONS_UNPAGED_LIMIT);
    expect(response.headers['x-total-count']).toBe(String(movements));
    expect(response.headers['x-unpaged-limit']).toBe(String(TRANSACTIONS_UNPAGED_LIMIT));
    const paged = await get(`/accounting/transactions?buyerId=${buyerId}&page=1&size=500`);
    expect(paged.json.data).toMatchObject({ count: movements });
  });

  it('refuses a whole statement (JSON and PDF) of more than STATEMENT_MAX_LINES movements with 422 on from', async () => {
    for (const url of ['/accounting/statement', '/accounting/statement.pdf']) {
      const response = await get(`${url}?buyerId=${buyerId}&from=2000-01-01&to=${today}`);
      expect(response.statusCode, url).toBe(422);
      expect(response.json.error).toEqual({
        code: 'BUSINESS_RULE',
        field: 'from',
        message: STATEMENT_TOO_LONG_MESSAGE,
      });
    }
    expect(STATEMENT_TOO_LONG_MESSAGE).toBe(
      "Seçilen dönemde 3.000'den fazla hesap hareketi var; bir ekstre en çok 3.000 hareket içerebilir. Başlangıç tarihini ileri alarak dönemi daraltın.",
    );
  });

  it('still pages the same statement, and prints a range within the bound', async () => {
    const paged = await get(`/accounting/statement?buyerId=${buyerId}&from=2000-01-01&page=1&size=100`);
    expect(paged.statusCode).toBe(200);
    expect(paged.json.data.paging).toMatchObject({
      count: movements,
      totalPages: Math.ceil(movements / 100),
    });
    // A range within the bound (here one without movements) is printed as before.
    const tomorrow = await get(`/accounting/statement.pdf?buyerId=${buyerId}&from=2100-01-01&to=2100-01-02`);
    expect(tomorrow.statusCode).toBe(200);
    expect(tomorrow.headers['content-type']).toBe('application/pdf');
  });
});
