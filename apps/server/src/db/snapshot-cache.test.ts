import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  buyer,
  itemWithStock,
  type OrderWorld,
  orderWorld,
  placedOrder,
  product,
  setStock,
  stockedProduct,
} from '../modules/orders/order-test-data.ts';
import { rowsOf } from './client.ts';
import { SnapshotCache } from './snapshot-cache.ts';

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w?.close());

/** A read that counts its calls and answers the number of buyers, so a write shows in the answer. */
function countingRead() {
  const read = async () => {
    read.calls += 1;
    const [row] = await rowsOf<{ count: number }>(w.t.db, sql`select count(*)::int as count from buyers`);
    return { buyers: row!.count };
  };
  read.calls = 0;
  return read;
}

const parsed = (body: Buffer) => JSON.parse(body.toString('utf8'));

describe('SnapshotCache (decision 92)', () => {
  it('answers again from memory while nothing has committed, and reads anew after any commit', async () => {
    const cache = new SnapshotCache();
    const read = countingRead();
    const first = await cache.answer(w.t.db, 'buyers', read);
    const again = await cache.answer(w.t.db, 'buyers', read);
    expect(again).toBe(first);
    expect(read.calls).toBe(1);

    await buyer(w);
    const after = await cache.answer(w.t.db, 'buyers', read);
    expect(read.calls).toBe(2);
    expect(parsed(after).buyers).toBe(parsed(first).buyers + 1);
  });

  it('reads anew after a commit to a table the answer does not read', async () => {
    const cache = new SnapshotCache();
    const read = countingRead();
    await cache.answer(w.t.db, 'buyers', read);
    await w.t.db.execute(
      sql`update warehouses set short_name = short_name where id = (select min(id) from warehouses)`,
    );
    await cache.answer(w.t.db, 'buyers', read);
    expect(read.calls).toBe(2);
  });

  it('reads once for requests that arrive together with the same snapshot', async () => {
    const cache = new SnapshotCache();
    const read = countingRead();
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer(w.t.db, 'buyers', read)));
    expect(read.calls).toBe(1);
    expect(new Set(answers.map((body) => body.toString())).size).toBe(1);
  });

  it('keeps answers apart by key', async () => {
    const cache = new SnapshotCache();
    const one = countingRead();
    const other = countingRead();
    await cache.answer(w.t.db, 'one', one);
    await cache.answer(w.t.db, 'other', other);
    await cache.answer(w.t.db, 'one', one);
    expect([one.calls, other.calls]).toEqual([1, 1]);
  });

  it('drops the longest unused answer to stay within its budget, and keeps none with a budget of 0', async () => {
    const body = { text: 'x'.repeat(100) };
    const size = Buffer.byteLength(JSON.stringify(body));
    const cache = new SnapshotCache(2 * size);
    const reads = { a: 0, b: 0, c: 0 };
    const reader = (key: keyof typeof reads) => async () => {
      reads[key] += 1;
      return body;
    };
    await cache.answer(w.t.db, 'a', reader('a'));
    await cache.answer(w.t.db, 'b', reader('b'));
    await cache.answer(w.t.db, 'a', reader('a')); // a is now the most recently used
    await cache.answer(w.t.db, 'c', reader('c')); // drops b
    await cache.answer(w.t.db, 'a', reader('a'));
    await cache.answer(w.t.db, 'b', reader('b'));
    expect(reads).toEqual({ a: 1, b: 2, c: 1 });

    const none = new SnapshotCache(0);
    const read = countingRead();
    await none.answer(w.t.db, 'buyers', read);
    await none.answer(w.t.db, 'buyers', read);
    expect(read.calls).toBe(2);
  });
});

describe('the cached reads over HTTP', () => {
  const available = async (call: OrderWorld['call'], productId: number) => {
    const list = (await call('GET', '/products?packagingGroup=ALL')).json.data as {
      id: number;
      availableStockCount: number;
    }[];
    return list.find((product) => product.id === productId)?.availableStockCount;
  };

  it("the product list shows another server's basket add and a stock count at once", async () => {
    const itemId = await itemWithStock(w, 60);
    const productId = await product(w, [{ itemId, quantity: 1 }]);
    const { id: buyerId } = await buyer(w);
    const sibling = await w.t.sibling();
    const onSibling: OrderWorld = {
      ...w,
      call: (method, url, payload, token = w.manager) =>
        sibling.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) }),
    };

    expect(await available(w.call, productId)).toBe(60);
    expect(await available(w.call, productId)).toBe(60);
    expect((await addToBasket(onSibling, buyerId, productId, 2)).statusCode).toBe(200);
    expect(await available(w.call, productId)).toBe(48);
    await setStock(w, itemId, 30);
    expect(await available(w.call, productId)).toBe(18);
  });

  it('the order search shows an order placed a moment ago, and the same search twice answers the same', async () => {
    const productId = await stockedProduct(w, 60);
    const { id: buyerId, code } = await buyer(w);
    const search = { buyerCodes: [code], page: 1, size: 20 };
    const before = await w.call('POST', '/orders/filter-by-query', search);
    expect(before.statusCode).toBe(200);
    expect(before.json.data.count).toBe(0);
    expect((await w.call('POST', '/orders/filter-by-query', search)).body).toBe(before.body);

    const order = await placedOrder(w, buyerId, [{ productId, boxes: 1 }]);
    const after = await w.call('POST', '/orders/filter-by-query', search);
    expect(after.json.data.count).toBe(1);
    expect(after.json.data.orders[0].orderNumber).toBe(order.orderNumber);
    const viaFilter = await w.call('POST', '/orders/filter', search);
    expect(viaFilter.json.data.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
  });
});
