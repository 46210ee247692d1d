import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemState,
  type LoadWorld,
  loadWorld,
  ok,
  orderInWarehouse,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { orderSnapshot, product } from '../../../test/builders/order-test-data.ts';
import { type EventStreamReader, liveEventsOf, openEventStream } from '../../../test/event-stream.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * One warehouse step on several items at once (decision 142): all of them move, each with its audit
 * entry and live event, or none does.
 */
let w: LoadWorld;
let cheese: number;
let baseUrl: string;
const streams: EventStreamReader[] = [];

beforeAll(async () => {
  w = await loadWorld();
  cheese = await product(w, [{ itemId: await stockedItem(w, { DEPO1: 1_000 }), quantity: 1 }]);
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(w.t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await w?.close();
});

const stepAll = (body: object, token = w.warehouse) =>
  w.call('PUT', '/order-items/warehouse-steps', body, token);

const waiting = (
  until: 'WAITING_FOR_WAREHOUSE_OPERATION' | 'PREPARING' = 'WAITING_FOR_WAREHOUSE_OPERATION',
) => orderInWarehouse(w, cheese, 1, until);

const statuses = async (itemIds: number[]) =>
  Promise.all(itemIds.map(async (id) => (await itemState(w, id)).status));

const newestAuditId = async () =>
  (await rowsOf<{ id: number | null }>(w.t.db, sql`select max(id)::int as id from audit_entries`))[0]!.id ??
  0;

describe('a warehouse step on several items (PUT /order-items/warehouse-steps)', () => {
  it('moves every listed item, with an audit entry and a live event each, and answers their orders', async () => {
    const first = await waiting();
    const second = await waiting();
    const third = await waiting();
    const clerk = await openEventStream(baseUrl, w.warehouse);
    streams.push(clerk);
    await clerk.next((m) => m.event === 'resync');
    const auditBefore = await newestAuditId();

    const ids = [third.itemId, first.itemId, second.itemId];
    const prepared = await stepAll({ action: 'PREPARING', orderItemIds: ids });
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(await statuses(ids)).toEqual(['PREPARING', 'PREPARING', 'PREPARING']);
    const answered = prepared.json.data as Order[];
    expect(answered.map((order) => order.id)).toEqual([third, second, first].map((one) => one.order.id));
    expect(answered.flatMap((order) => order.orderItems.map((item) => item.statusDescription.label))).toEqual(
      ['Hazırlanıyor', 'Hazırlanıyor', 'Hazırlanıyor'],
    );

    const entries = await rowsOf<{ action: string; entity_type: string; entity_id: number }>(
      w.t.db,
      sql`select action, entity_type, entity_id from audit_entries where id > ${auditBefore} order by id`,
    );
    // In order and item order, whatever order the request listed them in.
    expect(entries).toEqual(
      [first, second, third].map((one) => ({
        action: 'PREPARING',
        entity_type: 'ORDER_ITEM',
        entity_id: one.itemId,
      })),
    );
    // The step's events, by their status: a notification of the items' own making may reach the stream
    // after it opened.
    const preparing = () =>
      liveEventsOf(clerk.messages).filter(
        (event) =>
          event.type === 'order_item.changed' && (event as { status?: string }).status === 'PREPARING',
      );
    await clerk.next(() => preparing().length >= 3);
    expect(preparing().map((event) => event.id)).toEqual([first.itemId, second.itemId, third.itemId]);

    const ready = await stepAll({ action: 'PREPARED_WAITING_FOR_LOADING', orderItemIds: ids });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(await statuses(ids)).toEqual(Array(3).fill('PREPARED_WAITING_FOR_LOADING'));
    const loading = await stepAll({ action: 'LOADING', orderItemIds: ids });
    expect(loading.statusCode, loading.body).toBe(200);
    expect(await statuses(ids)).toEqual(Array(3).fill('LOADING'));
    expect((loading.json.data as Order[])[0]!.orderItems[0]!.statusDescription.label).toBe(
      'Araca Yükleniyor',
    );
  });

  it('refuses the whole request (409, the item named) when one item cannot take the step, moving nothing', async () => {
    const first = await waiting();
    const ahead = await waiting('PREPARING');
    const last = await waiting();
    const orders = [first, ahead, last].map((one) => one.order.id);
    const before = await Promise.all(orders.map((id) => orderSnapshot(w, id)));
    const auditBefore = await newestAuditId();

    const refused = await stepAll({
      action: 'PREPARING',
      orderItemIds: [first.itemId, ahead.itemId, last.itemId],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.code).toBe('INVALID_TRANSITION');
    expect(refused.json.error.message).toMatch(
      new RegExp(`^Sipariş ${ahead.order.orderNumber}, '.+': .+ Hiçbir kalem değiştirilmedi\\.$`),
    );
    expect(await Promise.all(orders.map((id) => orderSnapshot(w, id)))).toEqual(before);
    expect(await newestAuditId()).toBe(auditBefore);
  });

  it('refuses other roles (403), a bad list (400) and an unknown item (404), moving nothing', async () => {
    const one = await waiting();
    const other = await waiting();
    const ids = [one.itemId, other.itemId];
    const before = await Promise.all([one, other].map((it) => orderSnapshot(w, it.order.id)));

    // The shipping staff and the order manager do not take warehouse steps, whoever's items they are.
    for (const token of [w.shipping, w.manager]) {
      const forbidden = await stepAll({ action: 'PREPARING', orderItemIds: ids }, token);
      expect(forbidden.statusCode).toBe(403);
    }
    for (const [body, field, message] of [
      [
        { action: 'PREPARING', orderItemIds: [one.itemId, other.itemId, one.itemId] },
        'orderItemIds',
        'birden fazla kez',
      ],
      [{ action: 'PREPARING', orderItemIds: [] }, 'orderItemIds', 'en az bir kalem'],
      [
        { action: 'PREPARING', orderItemIds: Array.from({ length: 201 }, (_, i) => i + 1) },
        'orderItemIds',
        'en fazla 200 kalem',
      ],
      [{ action: 'SEND_BACK_FROM_WAREHOUSE', orderItemIds: ids }, 'action', 'Geçersiz toplu depo işlemi'],
      [{ action: 'LOAD_ITEM_TO_TRUCK', orderItemIds: ids }, 'action', 'Geçersiz toplu depo işlemi'],
      [{ action: 'PREPARING', orderItemIds: ['bir'] }, 'orderItemIds', 'Geçerli bir sipariş kalemi'],
    ] as const) {
      const response = await stepAll(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json.error.field).toMatch(new RegExp(`^${field}`));
      expect(response.json.error.message).toContain(message);
    }
    const unknown = await stepAll({ action: 'PREPARING', orderItemIds: [one.itemId, 999_999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.error.field).toBe('orderItemIds[1]');
    expect(await Promise.all([one, other].map((it) => orderSnapshot(w, it.order.id)))).toEqual(before);

    // Unchanged, the same items still take the step.
    ok(await stepAll({ action: 'PREPARING', orderItemIds: ids }), 'prepare both');
  });
});
