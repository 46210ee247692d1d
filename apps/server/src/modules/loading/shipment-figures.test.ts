import { readFile } from 'node:fs/promises';
import type { Shipment, ShipmentContent } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoadWorld,
  load,
  loadWorld,
  orderInWarehouse,
  shipmentAction,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import { shipmentFigureDrift } from '../../../test/shipment-figures.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * The load figures kept on the shipment rows (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md): after every write that
 * touches loads or their items, they equal a recount over the loads (test/shipment-figures.ts), and the
 * list, the detail and the content read them.
 */
let w: LoadWorld;
/** 1500 g cheese, one a piece, 6 a box: 9 kg a box. */
let cheese: number;
/** Napkins counted by the piece: no weight. */
let napkins: number;
beforeAll(async () => {
  w = await loadWorld();
  cheese = await product(w, [{ itemId: await stockedItem(w, { DEPO1: 20000, DEPO2: 2000 }), quantity: 1 }]);
  const napkin = await stockedItem(
    w,
    { DEPO1: 5000 },
    { packagingUnitType: 'QUANTITY', packagingUnitTypeAmount: 100 },
  );
  napkins = await product(w, [{ itemId: napkin, quantity: 1 }]);
});
afterAll(() => w.close());

type Kept = { load_count: number; load_pieces: number; all_accepted: boolean | null; tons: number | null };

async function kept(shipmentId: number): Promise<Kept> {
  const [row] = await rowsOf<Kept>(
    w.t.db,
    sql`select load_count, load_pieces, loads_all_accepted as all_accepted,
               expected_weight_in_tons::float8 as tons
          from shipments where id = ${shipmentId}`,
  );
  return row!;
}

async function expectFiguresHold(): Promise<void> {
  expect(await shipmentFigureDrift(w.t.db), 'kept load figures that differ from the loads').toEqual([]);
}

const itemUrl = (one: { order: { id: number }; itemId: number }) =>
  `/orders/${one.order.id}/order-item/${one.itemId}`;

async function put(url: string, token: string, body?: object) {
  const answer = await w.call('PUT', url, body, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}

/** An order of `boxes` boxes loaded onto the shipment from Depo-1 (and `fromDepo2` pieces from Depo-2). */
async function loaded(shipmentId: number, boxes: number, productId = cheese, fromDepo2 = 0) {
  const one = await orderInWarehouse(w, productId, boxes);
  const rows = [{ warehouse: 'DEPO1', quantity: boxes * 6 - fromDepo2 }];
  if (fromDepo2 > 0) rows.push({ warehouse: 'DEPO2', quantity: fromDepo2 });
  const answer = await load(w, one.order, one.itemId, shipmentId, rows);
  expect(answer.statusCode, answer.body).toBe(200);
  return one;
}

describe('every write keeps the figures equal to the loads', () => {
  it('loading from two warehouses counts each load, its pieces and its weight', async () => {
    const shipment = await shipmentIn(w);
    expect(await kept(shipment.id)).toEqual({
      load_count: 0,
      load_pieces: 0,
      all_accepted: null,
      tons: null,
    });
    await loaded(shipment.id, 2, cheese, 5);
    await expectFiguresHold();
    // 12 pieces × 1.5 kg, in two loads (Depo-1 and Depo-2).
    expect(await kept(shipment.id)).toEqual({
      load_count: 2,
      load_pieces: 12,
      all_accepted: false,
      tons: 0.018,
    });
  });

  it('finishing, partly or in full, accepting one by one and all at once', async () => {
    const shipment = await shipmentIn(w);
    const full = await loaded(shipment.id, 1);
    const partial = await orderInWarehouse(w, cheese, 3);
    const partly = await load(w, partial.order, partial.itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 12 },
    ]);
    expect(partly.statusCode, partly.body).toBe(200);
    await expectFiguresHold();
    await put(`${itemUrl(full)}/loaded-to-truck`, w.warehouse);
    await put(`${itemUrl(partial)}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY`, w.warehouse);
    await expectFiguresHold();
    expect(await kept(shipment.id)).toMatchObject({ load_count: 2, load_pieces: 18, all_accepted: false });

    await put(`${itemUrl(full)}/accept-load-status`, w.shipping);
    await expectFiguresHold();
    expect((await kept(shipment.id)).all_accepted).toBe(false);
    const all = await put(`/shipments/${shipment.id}/accept-loads`, w.shipping, {
      orderItemIds: [partial.itemId],
    });
    await expectFiguresHold();
    expect(await kept(shipment.id)).toMatchObject({ load_count: 2, load_pieces: 18, all_accepted: true });
    // The answer of accept-loads is the content, whose shipment carries the kept figures.
    const content = all.json.data as ShipmentContent;
    expect(content.shipment).toMatchObject({ loadCount: 2, totalItemCount: 18, expectedWeightInTons: 0.027 });
    expect(content.shipment.actionContext.allLoadedItemsAccepted).toBe(true);
  });

  it('reporting a load as not loaded takes it off the figures', async () => {
    const shipment = await shipmentIn(w);
    const kept1 = await loaded(shipment.id, 1);
    const gone = await loaded(shipment.id, 2);
    await put(`${itemUrl(kept1)}/loaded-to-truck`, w.warehouse);
    await put(`${itemUrl(gone)}/loaded-to-truck`, w.warehouse);
    await put(`${itemUrl(kept1)}/accept-load-status`, w.shipping);
    expect((await kept(shipment.id)).all_accepted).toBe(false);
    await put(`${itemUrl(gone)}/reject-load-status`, w.shipping);
    await expectFiguresHold();
    // What is left is accepted: the check can finish.
    expect(await kept(shipment.id)).toEqual({
      load_count: 1,
      load_pieces: 6,
      all_accepted: true,
      tons: 0.009,
    });
  });

  it('a transfer moves the figures with the loads; the emptied shipment counts nothing', async () => {
    const from = await shipmentIn(w);
    const to = await shipmentIn(w);
    await loaded(from.id, 1, napkins);
    await loaded(to.id, 1);
    await put(`/shipments/${from.id}/on-action`, w.office, {
      action: 'TRANSFER_TO_ANOTHER',
      targetShipmentId: to.id,
    });
    await expectFiguresHold();
    expect(await kept(from.id)).toEqual({ load_count: 0, load_pieces: 0, all_accepted: null, tons: null });
    expect(await kept(to.id)).toEqual({ load_count: 2, load_pieces: 12, all_accepted: false, tons: 0.009 });
    const [complete] = await rowsOf<{ complete: boolean }>(
      w.t.db,
      sql`select expected_weight_complete as complete from shipments where id = ${to.id}`,
    );
    expect(complete!.complete).toBe(false);
  });

  it('delivery and a return to the warehouse change what the figures say', async () => {
    for (const ending of ['deliver', 'return'] as const) {
      const shipment = await shipmentIn(w);
      const one = await loaded(shipment.id, 1);
      await put(`${itemUrl(one)}/loaded-to-truck`, w.warehouse);
      await put(`/shipments/start-load-check/${shipment.id}`, w.office);
      await put(`${itemUrl(one)}/accept-load-status`, w.shipping);
      for (const action of ['FINISH_LOAD_CHECK', 'START_WEIGHT_CHECK']) {
        await put(`/shipments/${shipment.id}/on-action`, w.office, { action });
      }
      await put(`/shipments/${shipment.id}/on-action`, w.office, {
        action: 'COMPLETE_WEIGHT_CHECK',
        loadedWeightInTons: 0.009,
      });
      await put(`/shipments/start-delivery/${shipment.id}`, w.office);
      if (ending === 'deliver') {
        await put(`/shipments/complete-delivery/${shipment.id}`, w.office);
        // The items are delivered, no longer only accepted; the loads stay as the record of the trip.
        expect(await kept(shipment.id)).toMatchObject({ load_count: 1, load_pieces: 6, all_accepted: false });
      } else {
        await put(`/shipments/${shipment.id}/on-action`, w.office, {
          action: 'SET_AS_RETURNING_TO_WAREHOUSE',
        });
        await put(`/shipments/${shipment.id}/on-action`, w.office, { action: 'DO_PARKING' });
        expect(await kept(shipment.id)).toEqual({
          load_count: 0,
          load_pieces: 0,
          all_accepted: null,
          tons: null,
        });
      }
      await expectFiguresHold();
    }
  });

  it('item changes refused on a loaded order leave the figures as they were', async () => {
    const shipment = await shipmentIn(w);
    const one = await loaded(shipment.id, 2);
    const before = await kept(shipment.id);
    for (const url of [
      `${itemUrl(one)}?action=SEND_BACK_FROM_WAREHOUSE`,
      `${itemUrl(one)}?action=APPROVE_PARTIALLY`,
      `${itemUrl(one)}/cancel`,
    ]) {
      const answer = await w.call('PUT', url, undefined, w.office);
      expect(answer.statusCode, `${url} ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect(await kept(shipment.id)).toEqual(before);
    await expectFiguresHold();
  });
});

describe('the screens read the kept figures', () => {
  it('the list, the list by status and the content with its shipment show what the row keeps', async () => {
    const shipment = await shipmentIn(w);
    await loaded(shipment.id, 1);
    // A row whose kept figures were set by hand: the screens must show them, not a count of the loads.
    await w.t.db.execute(sql`
      update shipments set load_count = 7, load_pieces = 4242, expected_weight_in_tons = 3.5,
                           expected_weight_complete = true
       where id = ${shipment.id}`);
    const page = (await w.call('GET', '/shipments?page=1&size=100', undefined, w.office)).json.data as {
      shipments: Shipment[];
    };
    const row = page.shipments.find((one) => one.id === shipment.id)!;
    expect(row).toMatchObject({ loadCount: 7, totalItemCount: 4242, expectedWeightInTons: 3.5 });
    const byStatus = (await w.call('GET', '/shipments/filter-by-status?status=LOADING', undefined, w.office))
      .json.data as Shipment[];
    expect(byStatus.find((one) => one.id === shipment.id)).toMatchObject({
      loadCount: 7,
      totalItemCount: 4242,
    });
    const content = (await w.call('GET', `/shipments/${shipment.id}/content`, undefined, w.office)).json
      .data as ShipmentContent;
    expect(content.shipment).toMatchObject({ loadCount: 7, totalItemCount: 4242, expectedWeightInTons: 3.5 });
    // The next write puts the truth back.
    await loaded(shipment.id, 1);
    await expectFiguresHold();
    expect(await kept(shipment.id)).toMatchObject({ load_count: 2, load_pieces: 12 });
  });
});

describe('the migration', () => {
  it('fills the figures of the shipments that had loads before it', async () => {
    const shipment = await shipmentIn(w);
    await loaded(shipment.id, 2, cheese, 5);
    await loaded(shipment.id, 1, napkins);
    const before = await shipmentFigureDrift(w.t.db);
    await w.t.db.execute(sql`
      update shipments set load_count = 0, load_pieces = 0, loads_all_accepted = null,
                           expected_weight_in_tons = null, expected_weight_complete = null`);
    expect((await shipmentFigureDrift(w.t.db)).length).toBeGreaterThan(0);
    const migration = await readFile(
      new URL('../../db/migrations/0015_shipment_load_figures.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*UPDATE "shipments"/);
    await w.t.db.execute(sql.raw(backfill));
    expect(before).toEqual([]);
    await expectFiguresHold();
    expect(await kept(shipment.id)).toEqual({
      load_count: 3,
      load_pieces: 18,
      all_accepted: false,
      tons: 0.018,
    });
  });
});

type Step =
  | { kind: 'load'; shipment: number; boxes: number; napkins: boolean }
  | { kind: 'finish' | 'finishPartly' | 'accept' | 'acceptAll' | 'reject' | 'sendBack'; pick: number }
  | { kind: 'transfer'; shipment: number };

// Loads are drawn more often, so that the other steps mostly find an item to act on.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('load' as const),
      shipment: fc.nat(1),
      boxes: fc.integer({ min: 1, max: 3 }),
      napkins: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constantFrom(
      'finish',
      'finishPartly',
      'accept',
      'acceptAll',
      'reject',
      'sendBack',
    ) as fc.Arbitrary<'finish' | 'finishPartly' | 'accept' | 'acceptAll' | 'reject' | 'sendBack'>,
    pick: fc.nat(20),
  }),
  fc.record({ kind: fc.constant('transfer' as const), shipment: fc.nat(1) }),
);

describe('a random mix of writes', () => {
  it('keeps the figures equal to the loads after every step', async () => {
    let succeeded = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
        const shipments = [(await shipmentIn(w)).id, (await shipmentIn(w)).id];
        const items: { order: { id: number }; itemId: number; shipment: number }[] = [];
        for (const one of steps) {
          let answer: { statusCode: number; body: string } | undefined;
          if (one.kind === 'load') {
            const shipment = shipments[one.shipment]!;
            const placed = await orderInWarehouse(w, one.napkins ? napkins : cheese, one.boxes + 1);
            // One box less than ordered: the item can still be finished partly.
            answer = await load(w, placed.order, placed.itemId, shipment, [
              { warehouse: 'DEPO1', quantity: one.boxes * 6 },
            ]);
            items.push({ ...placed, shipment });
          } else if (one.kind === 'transfer') {
            const [from, to] = one.shipment === 0 ? shipments : [shipments[1]!, shipments[0]!];
            answer = await shipmentAction(w, from!, 'TRANSFER_TO_ANOTHER', { targetShipmentId: to });
            // The emptied truck goes back to loading, so the mix can go on with both.
            if (answer.statusCode === 200) await shipmentAction(w, from!, 'START_LOADING');
          } else if (items.length > 0) {
            const item = items[one.pick % items.length]!;
            const url = itemUrl(item);
            answer = await {
              finish: () => w.call('PUT', `${url}/loaded-to-truck`, undefined, w.warehouse),
              finishPartly: () =>
                w.call(
                  'PUT',
                  `${url}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY`,
                  undefined,
                  w.warehouse,
                ),
              accept: () => w.call('PUT', `${url}/accept-load-status`, undefined, w.shipping),
              acceptAll: () =>
                w.call(
                  'PUT',
                  `/shipments/${item.shipment}/accept-loads`,
                  { orderItemIds: [item.itemId] },
                  w.shipping,
                ),
              reject: () => w.call('PUT', `${url}/reject-load-status`, undefined, w.shipping),
              sendBack: () => w.call('PUT', `${url}?action=SEND_BACK_FROM_WAREHOUSE`, undefined, w.warehouse),
            }[one.kind]();
          }
          if (answer) {
            expect(answer.statusCode, answer.body).toBeLessThan(500);
            if (answer.statusCode === 200) succeeded += 1;
          }
          await expectFiguresHold();
        }
      }),
      { numRuns: 8 },
    );
    // The mix wrote, not only was refused.
    expect(succeeded).toBeGreaterThanOrEqual(16);
  }, 300_000);
});

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** On PostgreSQL with a connection each: the embedded database runs one statement at a time. */
describe.skipIf(!serverUrl)('two clerks loading onto one shipment at once (PostgreSQL)', () => {
  it('counts both loads', async () => {
    const secondClerk = await w.t.tokenWithRoles(['WAREHOUSE_STAFF']);
    for (let round = 0; round < 5; round++) {
      const shipment = await shipmentIn(w);
      const first = await orderInWarehouse(w, cheese, 1);
      const second = await orderInWarehouse(w, cheese, 2);
      const answers = await Promise.all([
        load(w, first.order, first.itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 6 }]),
        load(
          w,
          second.order,
          second.itemId,
          shipment.id,
          [{ warehouse: 'DEPO2', quantity: 12 }],
          secondClerk,
        ),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await kept(shipment.id)).toEqual({
        load_count: 2,
        load_pieces: 18,
        all_accepted: false,
        tons: 0.027,
      });
    }
    await expectFiguresHold();
  }, 120_000);
});
