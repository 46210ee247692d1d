import { ORDER_UNPAGED_LIMIT, type OrderPage } from '@mandira/contract/order-query';
import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemState,
  type LoadWorld,
  loadWorld,
  orderInWarehouse,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import { recountReservations } from '../orders/reservations.ts';

/**
 * Decision 109: a step answers `[the changed order]` however many orders the warehouse holds, and the
 * warehouse list pages in SQL. The many open orders are copies of one, made in SQL.
 */
let w: LoadWorld;
let productId: number;
const COPIES = ORDER_UNPAGED_LIMIT + 100;

beforeAll(async () => {
  w = await loadWorld();
  const item = await stockedItem(w, { DEPO1: 100_000 });
  productId = await product(w, [{ itemId: item, quantity: 1 }]);
  const { order } = await orderInWarehouse(w, productId, 1, 'WAITING_FOR_WAREHOUSE_OPERATION');
  await w.t.db.execute(sql`
    insert into orders (buyer_id, buyer_branch_id, buyer_request_reference_code, status, color_group,
                        planned_shipment_date, total_price, dealt_total_price, created_by)
    select buyer_id, buyer_branch_id, 'KOPYA-' || g, status, color_group, planned_shipment_date,
           total_price, dealt_total_price, created_by
      from orders, generate_series(1, ${COPIES}) g
     where id = ${order.id}`);
  await w.t.db.execute(sql`
    insert into order_items (order_id, product_id, product_name, stock_code, barcode, quantity_in_box,
                             bundle_snapshot_id, unit_price, discount, ordered_quantity, quantity,
                             loaded_quantity, status)
    select o.id, i.product_id, i.product_name, i.stock_code, i.barcode, i.quantity_in_box,
           i.bundle_snapshot_id, i.unit_price, i.discount, i.ordered_quantity, i.quantity,
           i.loaded_quantity, i.status
      from orders o join order_items i on i.order_id = ${order.id}
     where o.buyer_request_reference_code like 'KOPYA-%'`);
  await recountReservations(w.t.db);
  // Planned on the statistics of the small world, the unpaged read of 2,000 orders took tens of seconds.
  await w.t.db.execute(sql`analyze`);
}, 60_000);
afterAll(() => w.close());

const openInWarehouse = async () =>
  (
    await rowsOf<{ n: number }>(
      w.t.db,
      sql`select count(distinct o.id)::int as n from orders o join order_items i on i.order_id = o.id
           where o.status = 'IN_PROGRESS' and i.status in ('WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING',
                 'PREPARED_WAITING_FOR_LOADING', 'LOADING')`,
    )
  )[0]!.n;

describe('a warehouse step among more orders than an unpaged list holds', () => {
  it('commits and answers the changed order alone', async () => {
    expect(await openInWarehouse()).toBeGreaterThan(ORDER_UNPAGED_LIMIT);
    const { order, itemId } = await orderInWarehouse(w, productId, 1, 'WAITING_FOR_WAREHOUSE_OPERATION');
    const item = `/orders/${order.id}/order-item/${itemId}`;

    const prepared = await w.call('PUT', `${item}/prepare?operationType=WAREHOUSE`, undefined, w.warehouse);
    expect(prepared.statusCode, prepared.body).toBe(200);
    const answered = prepared.json.data as Order[];
    expect(answered.map((one) => one.id)).toEqual([order.id]);
    expect(answered[0]!.orderItems[0]!.statusDescription.name).toBe('PREPARING');
    expect((await itemState(w, itemId)).status).toBe('PREPARING');

    const ready = await w.call(
      'PUT',
      `${item}?action=PREPARED_WAITING_FOR_LOADING&operationType=WAREHOUSE`,
      undefined,
      w.warehouse,
    );
    expect(ready.statusCode, ready.body).toBe(200);
    expect((ready.json.data as Order[]).map((one) => one.id)).toEqual([order.id]);
    expect((await itemState(w, itemId)).status).toBe('PREPARED_WAITING_FOR_LOADING');
  });

  it('answers a review step with the changed order alone too', async () => {
    const { order, itemId } = await orderInWarehouse(w, productId, 1, 'WAITING_FOR_WAREHOUSE_OPERATION');
    const back = await w.call(
      'PUT',
      `/orders/${order.id}/order-item/${itemId}?action=TAKE_BACK_FROM_WAREHOUSE&operationType=REVIEW`,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json.data as Order[]).map((one) => one.id)).toEqual([order.id]);
  });

  it('pages the warehouse list in SQL, newest first, with the total count', async () => {
    const open = await openInWarehouse();
    const first = await w.call(
      'GET',
      '/orders/filter?operationType=WAREHOUSE&page=1&size=50',
      undefined,
      w.warehouse,
    );
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json.data as OrderPage;
    expect(page).toMatchObject({ page: 1, size: 50, count: open, totalPages: Math.ceil(open / 50) });
    expect(page.orders).toHaveLength(50);
    const last = (
      await w.call(
        'GET',
        `/orders/filter?operationType=WAREHOUSE&page=${page.totalPages}&size=50`,
        undefined,
        w.warehouse,
      )
    ).json.data as OrderPage;
    expect(last.orders).toHaveLength(open - (page.totalPages - 1) * 50);
    const numbers = [...page.orders, ...last.orders].map((one) => one.orderNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('answers the unpaged list cut to the newest orders, and says so in the headers (decision 113)', async () => {
    const open = await openInWarehouse();
    const unpaged = await w.call('GET', '/orders/filter?operationType=WAREHOUSE', undefined, w.warehouse);
    expect(unpaged.statusCode, unpaged.body).toBe(200);
    expect(unpaged.headers['x-total-count']).toBe(String(open));
    expect(unpaged.headers['x-unpaged-limit']).toBe(String(ORDER_UNPAGED_LIMIT));
    const newest = await rowsOf<{ id: number }>(
      w.t.db,
      sql`select distinct o.id, o.created_at from orders o join order_items i on i.order_id = o.id
           where o.status = 'IN_PROGRESS' and i.status in ('WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING',
                 'PREPARED_WAITING_FOR_LOADING', 'LOADING')
           order by o.created_at desc, o.id desc limit ${ORDER_UNPAGED_LIMIT}`,
    );
    expect((unpaged.json.data as Order[]).map((one) => one.id)).toEqual(newest.map((row) => row.id));
  });

  it('answers an unpaged search under the limit whole, without the cut header', async () => {
    const search = await w.call('POST', '/orders/filter-by-query', {
      buyerRequestReferenceCode: 'KOPYA-1',
    });
    expect(search.statusCode, search.body).toBe(200);
    // KOPYA-1, KOPYA-10 … KOPYA-19, KOPYA-100 … KOPYA-199, KOPYA-1000 … KOPYA-1999.
    expect(search.json.data).toHaveLength(1 + 10 + 100 + 1000);
    expect(search.headers['x-total-count']).toBe('1111');
    expect(search.headers['x-unpaged-limit']).toBeUndefined();
  });

  it('answers 400 naming the field for a bad page', async () => {
    for (const [query, field] of [
      ['page=0&size=50', 'page'],
      ['page=1&size=5000', 'size'],
    ] as const) {
      const response = await w.call(
        'GET',
        `/orders/filter?operationType=WAREHOUSE&${query}`,
        undefined,
        w.warehouse,
      );
      expect(response.statusCode, query).toBe(400);
      expect(response.json.error.field, query).toBe(field);
    }
  });
});
