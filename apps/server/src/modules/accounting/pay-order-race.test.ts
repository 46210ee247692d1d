import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  pay,
  summaryOf,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { onPostgres } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';

// PGlite has one connection, so requests never overlap there; the race needs PostgreSQL.
describe.skipIf(!onPostgres)('simultaneous payments of one order (PostgreSQL)', () => {
  let w: AccountingWorld;
  beforeAll(async () => {
    w = await accountingWorld();
  });
  afterAll(() => w.close());

  const paymentsOf = (orderId: number) =>
    rowsOf<{ amount: string }>(
      w.t.db,
      sql`select amount::text from accounting_transactions where order_id = ${orderId} and reason <> 'NEW_ORDER'`,
    );

  it('lets exactly one of six payments of the whole open amount pass', async () => {
    // Several orders raced at once, so that the requests of each really overlap.
    const b = await buyer(w);
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const orders = [];
    for (let index = 0; index < 4; index++)
      orders.push(await placedOrder(w, b.id, [{ productId, boxes: 2 }]));
    const answers = await Promise.all(
      orders.map((order) =>
        Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            pay(w, {
              orderId: order.id,
              payType: index % 2 ? 'CASH' : 'BANK_TRANSFER',
              reason: 'ORDER_PAYMENT',
              amount: 120,
            }),
          ),
        ),
      ),
    );
    for (const [index, order] of orders.entries()) {
      expect(answers[index]!.map((answer) => answer.statusCode).sort()).toEqual([
        200, 422, 422, 422, 422, 422,
      ]);
      expect(await paymentsOf(order.id)).toEqual([{ amount: '120.00' }]);
    }
    expect((await summaryOf(w, b.id)).remainingAmountToPurchase).toBe(0);
  });

  it('never lets payments and refunds together pass what is open', async () => {
    const b = await buyer(w);
    const order = await placedOrder(w, b.id, [
      { productId: await stockedProduct(w, 600, { price: 10, discount: 0 }), boxes: 2 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        pay(
          w,
          index % 3 === 0
            ? { orderId: order.id, payType: 'REFUND', reason: 'PRODUCT_REFUND', amount: 40 }
            : { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 40 },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(3);
    const total = (await paymentsOf(order.id)).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(total).toBe(120);
  });
});
