import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountingWorld, accountingWorld } from '../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../test/builders/order-test-data.ts';
import { lineIn, stockedItem } from '../../test/builders/stock-test-data.ts';
import { rowsOf } from '../db/client.ts';

/*
 * Writes that survive a flaky network (decision 159): a write sent again with the same Idempotency-Key
 * and body gets the first answer and writes nothing again; the same key with another body is 422.
 */
let w: AccountingWorld;
let staff: string;
beforeAll(async () => {
  w = await accountingWorld();
  staff = await w.t.tokenWithRoles(['WAREHOUSE_STAFF']);
});
afterAll(() => w.close());

const withKey = (key: string, token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  w.t.call(token, { method, url: `/api${url}`, payload, headers: { 'idempotency-key': key } });

const historyRows = (notes: string) =>
  rowsOf<{ rows: number }>(
    w.t.db,
    sql`select count(*)::int as rows from stock_history where notes = ${notes}`,
  );

describe('Idempotency-Key on writes', () => {
  it('writes a goods-in sent twice one after the other once, and answers the second with the first answer', async () => {
    const item = await stockedItem(w.t, w.sales);
    const body = {
      id: lineIn(item, 'DEPO1').id,
      importedQuantity: 7,
      stockOperationType: 'PRODUCTION_INBOUND',
      notes: 'idem-sequential',
    };
    const first = await withKey('goods-in-1', staff, 'PUT', '/product-item/stock-import', body);
    const second = await withKey('goods-in-1', staff, 'PUT', '/product-item/stock-import', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json).toEqual(first.json);
    expect(await historyRows('idem-sequential')).toEqual([{ rows: 1 }]);
  });

  it('writes a goods-in sent twice at once once', async () => {
    const item = await stockedItem(w.t, w.sales);
    const body = {
      id: lineIn(item, 'DEPO2').id,
      importedQuantity: 3,
      stockOperationType: 'PRODUCTION_INBOUND',
      notes: 'idem-concurrent',
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => withKey('goods-in-2', staff, 'PUT', '/product-item/stock-import', body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await historyRows('idem-concurrent')).toEqual([{ rows: 1 }]);
  });

  it('refuses the same key with another body (422), writing nothing', async () => {
    const item = await stockedItem(w.t, w.sales);
    const body = {
      id: lineIn(item, 'DEPO3').id,
      importedQuantity: 2,
      stockOperationType: 'PRODUCTION_INBOUND',
      notes: 'idem-other',
    };
    expect((await withKey('goods-in-3', staff, 'PUT', '/product-item/stock-import', body)).statusCode).toBe(
      200,
    );
    const changed = await withKey('goods-in-3', staff, 'PUT', '/product-item/stock-import', {
      ...body,
      importedQuantity: 5,
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json.error).toMatchObject({ field: 'Idempotency-Key' });
    expect(await historyRows('idem-other')).toEqual([{ rows: 1 }]);
  });

  it('keeps keys per user: another user with the same key writes their own', async () => {
    const other = await w.t.tokenWithRoles(['WAREHOUSE_STAFF']);
    const item = await stockedItem(w.t, w.sales);
    const body = {
      id: lineIn(item, 'DEPO4').id,
      importedQuantity: 1,
      stockOperationType: 'PRODUCTION_INBOUND',
      notes: 'idem-users',
    };
    await withKey('shared-key', staff, 'PUT', '/product-item/stock-import', body);
    const second = await withKey('shared-key', other, 'PUT', '/product-item/stock-import', body);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await historyRows('idem-users')).toEqual([{ rows: 2 }]);
  });

  it('pays an order once when the payment is sent twice, and replays a refusal as it was', async () => {
    const b = await buyer(w);
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const order = await placedOrder(w, b.id, [{ productId, boxes: 2 }]);
    const body = { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 50 };
    const answers = await Promise.all(
      [1, 2].map(() => withKey('pay-1', w.finance, 'POST', '/accounting/pay-order', body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const again = await withKey('pay-1', w.finance, 'POST', '/accounting/pay-order', body);
    expect(again.statusCode).toBe(200);
    const payments = await rowsOf<{ amount: string }>(
      w.t.db,
      sql`select amount::text from accounting_transactions where order_id = ${order.id} and reason = 'ORDER_PAYMENT'`,
    );
    expect(payments).toEqual([{ amount: '50.00' }]);
    const tooMuch = { ...body, amount: 1_000_000 };
    const refused = await withKey('pay-2', w.finance, 'POST', '/accounting/pay-order', tooMuch);
    expect(refused.statusCode).toBe(422);
    const replayed = await withKey('pay-2', w.finance, 'POST', '/accounting/pay-order', tooMuch);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json).toEqual(refused.json);
  });

  it('refuses a key that is not 1–255 printable characters', async () => {
    const item = await stockedItem(w.t, w.sales);
    const body = {
      id: lineIn(item, 'DEPO1').id,
      importedQuantity: 1,
      stockOperationType: 'PRODUCTION_INBOUND',
    };
    const response = await withKey('boş anahtar', staff, 'PUT', '/product-item/stock-import', body);
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe('Idempotency-Key');
  });
});
