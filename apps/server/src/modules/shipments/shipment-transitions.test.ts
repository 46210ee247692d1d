import {
  SHIPMENT_ACTIONS,
  SHIPMENT_STATUSES,
  type ShipmentAction,
  type ShipmentStatus,
} from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FleetWorld,
  fleetWorld,
  forceShipmentStatus,
  loadOnto,
  shipment,
  shipmentSnapshot,
  vehicle,
} from '../../../test/builders/fleet-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import { keepShipmentFigures } from '../load-figures/shipment-figures.ts';

/**
 * The shipment table of docs/domain/loading-and-shipments.md written out again, independently of the
 * contract's: [from, action, to].
 */
const TABLE: [ShipmentStatus, ShipmentAction, ShipmentStatus][] = [
  ['PARKING', 'PREPARE_TO_LOAD', 'PREPARING_TO_LOAD'],
  ['PREPARING_TO_LOAD', 'DO_PARKING', 'PARKING'],
  ['PREPARING_TO_LOAD', 'START_LOADING', 'LOADING'],
  ['LOADING', 'STOP_LOADING', 'PREPARING_TO_LOAD'],
  ['LOADING', 'START_LOAD_CHECK', 'LOAD_CHECK'],
  ['LOAD_CHECK', 'RESUME_LOADING', 'LOADING'],
  ['LOAD_CHECK', 'FINISH_LOAD_CHECK', 'LOAD_CHECK_COMPLETED'],
  ['LOAD_CHECK_COMPLETED', 'START_WEIGHT_CHECK', 'LOAD_WEIGHT_CHECK'],
  ['LOAD_WEIGHT_CHECK', 'COMPLETE_WEIGHT_CHECK', 'LOAD_WEIGHT_CHECK_COMPLETED'],
  ['LOAD_CHECK_COMPLETED', 'RECHECK', 'LOAD_CHECK'],
  ['LOAD_WEIGHT_CHECK', 'RECHECK', 'LOAD_CHECK'],
  ['LOAD_WEIGHT_CHECK_COMPLETED', 'RECHECK', 'LOAD_CHECK'],
  ['LOAD_WEIGHT_CHECK_COMPLETED', 'START_DELIVERY', 'ON_DELIVERY'],
  ['ON_DELIVERY', 'COMPLETE_DELIVERY', 'DELIVERED'],
  ['ON_DELIVERY', 'SET_AS_RETURNING_TO_WAREHOUSE', 'RETURNING_TO_WAREHOUSE'],
  ['RETURNING_TO_WAREHOUSE', 'DO_PARKING', 'PARKING'],
  ['LOADING', 'TRANSFER_TO_ANOTHER', 'PREPARING_TO_LOAD'],
  ['LOAD_CHECK', 'TRANSFER_TO_ANOTHER', 'PREPARING_TO_LOAD'],
];
const allowed = (from: ShipmentStatus, action: ShipmentAction) =>
  TABLE.find(([status, step]) => status === from && step === action)?.[2];

/** 600 pieces of 1500 g: 0.9 t expected. */
const EXPECTED_TONS = 0.9;

let w: FleetWorld;
let loaded: Shipment;
let target: Shipment;
beforeAll(async () => {
  w = await fleetWorld();
  loaded = await shipment(w, { vehicleId: (await vehicle(w, { capacityInTons: 18 })).id });
  await loadOnto(w, loaded.id, { pieces: 600, accepted: true });
  // The target goes where the loaded orders go: a transfer elsewhere is refused (decision 140).
  target = await shipment(w, { toWarehouseId: loaded.toWarehouseId });
  await forceShipmentStatus(w, target.id, 'LOADING');
});
afterAll(() => w.close());

const act = (id: number, action: ShipmentAction, extra: object = {}) =>
  w.call('PUT', `/shipments/${id}/on-action`, { action, ...extra }, w.office);
const extraOf = (action: ShipmentAction) =>
  action === 'COMPLETE_WEIGHT_CHECK'
    ? { loadedWeightInTons: 0.92 }
    : action === 'TRANSFER_TO_ANOTHER'
      ? { targetShipmentId: target.id }
      : {};

/**
 * The loading effects move the loads (a transfer), give them back (a return) or deliver their items: each
 * step starts again from the same accepted 600 pieces on `loaded`.
 */
async function keepLoaded() {
  await w.t.db.execute(
    sql`update shipment_loads set shipment_id = ${loaded.id} where shipment_id = ${target.id}`,
  );
  const [row] = await rowsOf<{ n: number }>(
    w.t.db,
    sql`select count(*)::int as n from shipment_loads where shipment_id = ${loaded.id}`,
  );
  if (row!.n === 0) await loadOnto(w, loaded.id, { pieces: 600, accepted: true });
  await w.t.db.execute(sql`
    update order_items set status = 'LOAD_STATUS_ACCEPTED'
     where id in (select order_item_id from shipment_loads where shipment_id = ${loaded.id})`);
  await w.t.db.transaction((tx) => keepShipmentFigures(tx, { shipmentIds: [loaded.id, target.id] }));
}

async function put(id: number, status: ShipmentStatus, weighed: number | null = EXPECTED_TONS) {
  if (id === loaded.id) await keepLoaded();
  await w.t.db.execute(sql`
    update shipments set status = ${status}, loaded_weight_in_tons = ${weighed} where id = ${id}`);
}
const statusOf = async (id: number) =>
  (await rowsOf<{ status: string }>(w.t.db, sql`select status from shipments where id = ${id}`))[0]!.status;
const driverStatusOf = async (id: number) =>
  (
    await rowsOf<{ status: string }>(
      w.t.db,
      sql`select d.status from drivers d join shipments s on s.driver_id = d.id where s.id = ${id}`,
    )
  )[0]!.status;

describe('every shipment action from every status, through on-action', () => {
  const cells = SHIPMENT_STATUSES.flatMap((from) =>
    SHIPMENT_ACTIONS.map((action) => [from, action] as const),
  );

  it.each(cells)('%s + %s', async (from, action) => {
    await put(loaded.id, from);
    await w.t.db.execute(sql`update drivers set status = 'AVAILABLE' where id = ${loaded.driverId}`);
    const before = await shipmentSnapshot(w, loaded.id);
    const response = await act(loaded.id, action, extraOf(action));
    const to = allowed(from, action);
    if (to) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json.data).toMatchObject({ id: loaded.id, status: to });
      expect(await statusOf(loaded.id)).toBe(to);
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json.error.code).toBe('INVALID_TRANSITION');
      expect(response.json.error.message).toContain(from);
      expect(response.json.error.message).toContain(action);
      expect(await shipmentSnapshot(w, loaded.id)).toEqual(before);
    }
  });
});

describe('the guards and what an action writes', () => {
  it('refuses to check or transfer a shipment with no loads', async () => {
    const empty = await shipment(w);
    for (const [from, action] of [
      ['LOADING', 'START_LOAD_CHECK'],
      ['LOAD_CHECK', 'FINISH_LOAD_CHECK'],
      ['LOADING', 'TRANSFER_TO_ANOTHER'],
    ] as const) {
      await put(empty.id, from, null);
      const before = await shipmentSnapshot(w, empty.id);
      const response = await act(empty.id, action, extraOf(action));
      expect(response.statusCode).toBe(409);
      expect(response.json.error.message).toContain('yüklenmiş kalem yok');
      expect(await shipmentSnapshot(w, empty.id)).toEqual(before);
    }
  });

  it('finishes the load check only when every loaded item is accepted', async () => {
    const pending = await shipment(w);
    await loadOnto(w, pending.id, { pieces: 60, accepted: true });
    await loadOnto(w, pending.id, { pieces: 60, accepted: false });
    await put(pending.id, 'LOAD_CHECK', null);
    const refused = await act(pending.id, 'FINISH_LOAD_CHECK');
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toContain('kabul edilmemiş');
    expect((await act(pending.id, 'START_LOAD_CHECK')).statusCode).toBe(409);
    // Loading may still be checked: START_LOAD_CHECK needs loads only.
    await put(pending.id, 'LOADING', null);
    expect(
      (await w.call('PUT', `/shipments/start-load-check/${pending.id}`, undefined, w.office)).statusCode,
    ).toBe(200);
  });

  it('sets the driver: on the weighbridge, on delivery, then free', async () => {
    await put(loaded.id, 'LOAD_CHECK_COMPLETED', null);
    await act(loaded.id, 'START_WEIGHT_CHECK');
    expect(await driverStatusOf(loaded.id)).toBe('LOAD_WEIGHT_CHECK');
    const weighed = await act(loaded.id, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: 0.95 });
    expect(weighed.json.data).toMatchObject({
      loadedWeightInTons: 0.95,
      expectedWeightInTons: EXPECTED_TONS,
    });
    expect(
      (await w.call('PUT', `/shipments/start-delivery/${loaded.id}`, undefined, w.office)).statusCode,
    ).toBe(200);
    expect(await driverStatusOf(loaded.id)).toBe('ON_DELIVERY');
    const done = await w.call('PUT', `/shipments/complete-delivery/${loaded.id}`, undefined, w.office);
    expect(done.json.data).toMatchObject({ status: 'DELIVERED', statusDetail: { label: 'Teslim Edildi' } });
    expect(await driverStatusOf(loaded.id)).toBe('AVAILABLE');
  });

  it("moves the driver's version on when it sets the driver, so an open driver form learns of it", async () => {
    const versionOf = async () =>
      (
        await rowsOf<{ version: number }>(
          w.t.db,
          sql`select version from drivers where id = ${loaded.driverId}`,
        )
      )[0]!.version;
    await put(loaded.id, 'LOAD_CHECK_COMPLETED', null);
    const before = await versionOf();
    expect((await act(loaded.id, 'START_WEIGHT_CHECK')).statusCode).toBe(200);
    expect(await versionOf()).toBe(before + 1);
  });

  it('frees the driver on a recheck from the weighbridge and on parking after a failed delivery', async () => {
    const setDriver = (status: string) =>
      w.t.db.execute(sql`update drivers set status = ${status} where id = ${loaded.driverId}`);
    await put(loaded.id, 'LOAD_WEIGHT_CHECK', null);
    await setDriver('LOAD_WEIGHT_CHECK');
    expect((await act(loaded.id, 'RECHECK')).statusCode).toBe(200);
    expect(await driverStatusOf(loaded.id)).toBe('AVAILABLE');

    await put(loaded.id, 'RETURNING_TO_WAREHOUSE', null);
    await setDriver('ON_DELIVERY');
    expect((await act(loaded.id, 'DO_PARKING')).statusCode).toBe(200);
    expect(await driverStatusOf(loaded.id)).toBe('AVAILABLE');

    // A status set by hand in between is the office's word, not the shipment's: it stays.
    await put(loaded.id, 'LOAD_CHECK_COMPLETED', null);
    await setDriver('ON_VACATION');
    expect((await act(loaded.id, 'RECHECK')).statusCode).toBe(200);
    expect(await driverStatusOf(loaded.id)).toBe('ON_VACATION');
  });

  it('needs a weight > 0 to come off the weighbridge (400), and forgets it on a recheck', async () => {
    await put(loaded.id, 'LOAD_WEIGHT_CHECK', null);
    for (const extra of [
      {},
      { loadedWeightInTons: 0 },
      { loadedWeightInTons: -1 },
      { loadedWeightInTons: '1' },
    ]) {
      const response = await act(loaded.id, 'COMPLETE_WEIGHT_CHECK', extra);
      expect(response.statusCode).toBe(400);
      expect(response.json.error.field).toBe('loadedWeightInTons');
    }
    expect(await statusOf(loaded.id)).toBe('LOAD_WEIGHT_CHECK');
    await act(loaded.id, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: 0.9 });
    const rechecked = await act(loaded.id, 'RECHECK');
    expect(rechecked.json.data).toMatchObject({ status: 'LOAD_CHECK', loadedWeightInTons: null });
  });

  it('refuses to dispatch a load off the expected weight by more than the tolerance, or over capacity', async () => {
    for (const weighed of [0.8, 1.0]) {
      await put(loaded.id, 'LOAD_WEIGHT_CHECK_COMPLETED', weighed);
      const before = await shipmentSnapshot(w, loaded.id);
      const refused = await w.call('PUT', `/shipments/start-delivery/${loaded.id}`, undefined, w.office);
      expect(refused.statusCode).toBe(409);
      expect(refused.json.error.message).toContain('beklenen 0,900 ton');
      expect(await shipmentSnapshot(w, loaded.id)).toEqual(before);
    }
    await put(loaded.id, 'LOAD_WEIGHT_CHECK_COMPLETED', 0.99);
    expect((await act(loaded.id, 'START_DELIVERY')).statusCode).toBe(200);
    await w.t.db.execute(sql`update vehicles set capacity_in_tons = 0.5 where id = ${loaded.vehicleId}`);
    await put(loaded.id, 'LOAD_WEIGHT_CHECK_COMPLETED', 0.9);
    const over = await act(loaded.id, 'START_DELIVERY');
    expect(over.statusCode).toBe(409);
    expect(over.json.error.message).toContain('kapasitesi 0,500 ton');
    await w.t.db.execute(sql`update vehicles set capacity_in_tons = 18 where id = ${loaded.vehicleId}`);
  });

  it('transfers only to another shipment that is LOADING', async () => {
    await put(loaded.id, 'LOADING');
    const self = await act(loaded.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: loaded.id });
    expect(self.statusCode).toBe(409);
    const idle = await shipment(w);
    const notLoading = await act(loaded.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: idle.id });
    expect(notLoading.statusCode).toBe(409);
    expect(notLoading.json.error.field).toBe('targetShipmentId');
    expect((await act(loaded.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: 999_999 })).statusCode).toBe(404);
    expect((await act(loaded.id, 'TRANSFER_TO_ANOTHER')).statusCode).toBe(400);
    expect(await statusOf(loaded.id)).toBe('LOADING');
  });

  it('answers 404 for an unknown shipment, and the shortcut refuses as on-action does', async () => {
    expect((await act(999_999, 'PREPARE_TO_LOAD')).statusCode).toBe(404);
    await put(loaded.id, 'PARKING');
    const early = await w.call('PUT', `/shipments/status/loading/${loaded.id}`, undefined, w.office);
    expect(early.statusCode).toBe(409);
    await put(loaded.id, 'PREPARING_TO_LOAD');
    const started = await w.call('PUT', `/shipments/status/loading/${loaded.id}`, undefined, w.office);
    expect(started.json.data.status).toBe('LOADING');
  });
});
