import { buyerId } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyer,
  type OrderWorld,
  orderWorld,
  placedOrder,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';

let w: OrderWorld;
let orderId: number;
let itemId: number;
beforeAll(async () => {
  w = await orderWorld();
  const { id: buyerId } = await buyer(w);
  const order = await placedOrder(w, buyerId, [{ productId: await stockedProduct(w, 60), boxes: 2 }]);
  orderId = order.id;
  itemId = order.orderItems[0]!.id;
});
afterAll(() => w.close());

/** Everything the order calls could write, as one comparable value. */
const state = () =>
  rowsOf(
    w.t.db,
    sql`select (select count(*)::int from basket_lines) as lines, (select count(*)::int from orders) as orders,
               (select json_agg(json_build_object('s', status, 'q', quantity) order by id) from order_items) as items,
               (select json_agg(json_build_object('s', status, 'r', buyer_request_reference_code, 'c', color_group,
                                                  'd', planned_shipment_date) order by id) from orders) as heads`,
  );

describe('order and basket calls on arbitrary input', () => {
  it('never answer 500 nor write anything', async () => {
    const before = await state();
    const targets = [
      ['POST', '/api/admin/baskets'],
      ['PUT', '/api/admin/baskets'],
      ['POST', '/api/admin/baskets/1/delete'],
      ['POST', '/api/admin/baskets/cancel'],
      ['POST', '/api/admin/baskets/apply-to-order'],
      ['PUT', '/api/orders'],
      ['POST', '/api/orders/filter-by-query'],
    ] as const;
    // Bodies that are never valid: junk, or the fields with wrong types.
    const junk = fc.oneof(
      fc.anything(),
      fc.record({
        // A string of digits is a buyer's id (ids come as text too), and emptying buyer 1's empty basket
        // is a valid call: only what no buyer id can be.
        buyerId: fc
          .oneof(fc.string(), fc.constant(-3), fc.constant(null), fc.double())
          .filter((value) => !buyerId.safeParse(value).success),
        productId: fc.anything(),
        boxQuantity: fc.oneof(
          fc.constant(0),
          fc.constant(-1),
          fc.double({ min: 0.1, max: 0.9 }),
          fc.string(),
        ),
      }),
      fc.record({
        id: fc.oneof(fc.string(), fc.constant(0), fc.constant(null)),
        status: fc.anything(),
        plannedShipmentDate: fc.oneof(fc.string(), fc.integer()),
      }),
      fc.record({
        orderStatuses: fc.array(fc.string(), { minLength: 1 }),
        minAmount: fc.string({ minLength: 1 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), junk, async ([method, url], body) => {
        const response = await w.t.call(w.manager, {
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        const call = `${method} ${url} ${JSON.stringify(body)}`;
        expect(response.statusCode, call).toBeLessThan(500);
        // A search ignores fields it does not know: only a wrong-typed filter is refused there.
        if (url.endsWith('filter-by-query') && response.statusCode === 200) return;
        expect(response.statusCode, call).toBeGreaterThanOrEqual(400);
        expect(response.json.success).toBe(false);
      }),
      { numRuns: 120 },
    );
    // Query strings of the action calls: arbitrary actions and quantities.
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (action, quantity) => {
        const query = `action=${encodeURIComponent(action)}&quantity=${encodeURIComponent(quantity)}`;
        const item = await w.t.call(w.manager, {
          method: 'PUT',
          url: `/api/orders/${orderId}/order-item/${itemId}?${query}`,
        });
        const order = await w.t.call(w.manager, {
          method: 'PUT',
          url: `/api/order-action/${encodeURIComponent(action) || 'x'}?id=${orderId}`,
        });
        for (const response of [item, order]) {
          expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, query).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
    expect(await state()).toEqual(before);
  });
});
