import { addDays } from '@mandira/contract/istanbul-time';
import { todayInIstanbul } from '@mandira/contract/lots';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  type LoadWorld,
  lineOf,
  loadWorld,
  ok,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * A load sent again by a retrying handheld (decision 159): the same Idempotency-Key with the same body
 * loads once, whether the copies arrive one after the other or at once (through two server processes),
 * and answers every copy with the first answer; the same key with another body is 422 and loads nothing.
 */
let w: LoadWorld;
let sibling: Pick<TestApp, 'call'>;
beforeAll(async () => {
  w = await loadWorld();
  sibling = await w.t.sibling();
});
afterAll(() => w.close());

let lotSequence = 0;

/**
 * An order of 2 boxes (12 pieces) in LOADING, its item received in one dated lot of 30 pieces in
 * Depo-1, and a shipment in LOADING to the order's branch: a copy of a 4-piece load written twice
 * would go through, so only the key stops it.
 */
async function readyToLoad() {
  lotSequence += 1;
  const item = await stockedItem(w, {});
  const code = `IDEM-${lotSequence}`;
  ok(
    await w.call(
      'PUT',
      '/product-item/stock-import',
      {
        id: await lineOf(w, item, 'DEPO1'),
        importedQuantity: 30,
        stockOperationType: 'PRODUCTION_INBOUND',
        lot: { code, expiryDate: addDays(todayInIstanbul(), 15) },
      },
      w.warehouse,
    ),
    'goods-in',
  );
  const { order, itemId } = await orderInWarehouse(w, await product(w, [{ itemId: item, quantity: 1 }]), 2);
  const shipment = await shipmentIn(w);
  const url = `/api/orders/${order.id}/order-item/${itemId}/load?action=LOAD_ITEM_TO_TRUCK`;
  const body = { shippingId: shipment.id, warehouseStocks: [{ warehouse: 'DEPO1', quantity: 4 }] };
  return { item, itemId, orderId: order.id, code, url, body };
}

function sendLoad(
  key: string,
  load: { url: string; body: object },
  body: object = load.body,
  through: Pick<TestApp, 'call'> = w.t,
) {
  return through.call(w.warehouse, {
    method: 'PUT',
    url: load.url,
    payload: body,
    headers: { 'idempotency-key': key },
  });
}

/** What the loads of the item wrote: load records, their lot lines, goods-out rows and pieces left in the lot. */
async function written(load: Awaited<ReturnType<typeof readyToLoad>>) {
  const [figures] = await rowsOf<{
    loads: number;
    load_lots: string;
    history: string;
    loaded: number;
    lot_on_hand: number;
  }>(
    w.t.db,
    sql`select (select count(*)::int from shipment_loads where order_item_id = ${load.itemId}) as loads,
               (select string_agg(lo.code || ':' || ll.quantity, ',') from shipment_load_lines ll
                  join shipment_loads sl on sl.id = ll.shipment_load_id
                  join lots lo on lo.id = ll.lot_id
                 where sl.order_item_id = ${load.itemId}) as load_lots,
               (select string_agg(lo.code || ':' || h.quantity_change, ',') from stock_history h
                  join lots lo on lo.id = h.lot_id
                 where h.order_id = ${load.orderId} and h.action = 'SHIPMENT_OUTBOUND') as history,
               (select loaded_quantity from order_items where id = ${load.itemId}) as loaded,
               (select sum(ls.quantity)::int from lot_stocks ls join lots lo on lo.id = ls.lot_id
                 where lo.code = ${load.code}) as lot_on_hand`,
  );
  return figures!;
}

const loadedOnce = (code: string) => ({
  loads: 1,
  load_lots: `${code}:4`,
  history: `${code}:-4`,
  loaded: 4,
  lot_on_hand: 26,
});

describe('a load sent twice with one Idempotency-Key', () => {
  it('loads once when sent again after the answer, and answers the copy with the first answer', async () => {
    const load = await readyToLoad();
    const first = await sendLoad('load-seq', load);
    const again = await sendLoad('load-seq', load);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await written(load)).toEqual(loadedOnce(load.code));
  });

  it('loads once when three copies arrive at once through two server processes', async () => {
    const load = await readyToLoad();
    const answers = await Promise.all([
      sendLoad('load-at-once', load),
      sendLoad('load-at-once', load, load.body, sibling),
      sendLoad('load-at-once', load),
    ]);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await written(load)).toEqual(loadedOnce(load.code));
  });

  it('refuses the key with another body (422 on the key) and loads nothing more', async () => {
    const load = await readyToLoad();
    ok(await sendLoad('load-other', load), 'first load');
    const changed = await sendLoad('load-other', load, {
      ...load.body,
      warehouseStocks: [{ warehouse: 'DEPO1', quantity: 5 }],
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json.error.field).toBe('Idempotency-Key');
    expect(await written(load)).toEqual(loadedOnce(load.code));
    await expectLedgerHolds(w);
  });
});
