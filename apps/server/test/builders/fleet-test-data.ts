import type { CreateDriverBody, CreateVehicleBody, Driver, Vehicle } from '@mandira/contract/fleet';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import type { CreateShipmentBody, Shipment } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import { keepShipmentFigures } from '../../src/modules/load-figures/shipment-figures.ts';
import { validTckn } from './buyer-test-data.ts';
import {
  buyer,
  forceStatuses,
  type OrderWorld,
  orderWorld,
  placedOrder,
  stockedProduct,
} from './order-test-data.ts';

/** The order world with the shipping staff's token too; BACKOFFICE_ADMIN (`office`) runs shipments. */
export type FleetWorld = OrderWorld & { shipping: string };

export async function fleetWorld(env: Record<string, string> = {}): Promise<FleetWorld> {
  const w = await orderWorld(env);
  return { ...w, shipping: await w.t.tokenWithRoles(['SHIPPING_STAFF']) };
}

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A plate of its own on every call: '06 FL 1001'. */
export const uniquePlate = () => `06 FL ${1000 + next()}`;

export function vehicleBody(overrides: Partial<CreateVehicleBody> = {}): CreateVehicleBody {
  return {
    licencePlateCode: uniquePlate(),
    brand: 'Ford',
    model: 'Cargo 1833',
    productionYear: 2020,
    yearOfPurchase: 2021,
    capacityInTons: 18,
    palletCapacity: 16,
    fuelConsumptionEmpty: 22.5,
    fuelConsumptionHalfFull: 27,
    fuelConsumptionFull: 31.25,
    ...overrides,
  };
}

export async function vehicle(w: OrderWorld, overrides: Partial<CreateVehicleBody> = {}): Promise<Vehicle> {
  const response = await w.call('POST', '/shipments/vehicle', vehicleBody(overrides));
  if (response.statusCode !== 200) throw new Error(`vehicle not created: ${response.body}`);
  return response.json.data;
}

export function driverBody(overrides: Partial<CreateDriverBody> = {}): CreateDriverBody {
  return {
    name: 'Mehmet',
    surname: `Şahin ${next()}`,
    gender: 'Erkek',
    dateOfBirth: '1985-04-12',
    phone: '0532 111 22 33',
    tckn: validTckn(),
    licenceNumber: `E-${next()}`,
    ...overrides,
  };
}

export async function driver(w: OrderWorld, overrides: Partial<CreateDriverBody> = {}): Promise<Driver> {
  const response = await w.call('POST', '/shipments/vehicleDrivers', driverBody(overrides));
  if (response.statusCode !== 200) throw new Error(`driver not created: ${response.body}`);
  return response.json.data;
}

export type Point = { latitude: number; longitude: number };
export const ANKARA: Point = { latitude: 39.9334, longitude: 32.8597 };
export const ESKISEHIR: Point = { latitude: 39.7767, longitude: 30.5206 };
export const KONYA: Point = { latitude: 37.8667, longitude: 32.4833 };
export const BURSA: Point = { latitude: 40.1885, longitude: 29.061 };

/** An own warehouse at `point` (or without coordinates); its id. */
export async function ownWarehouse(w: OrderWorld, point: Point | null = ANKARA): Promise<number> {
  const n = next();
  const [row] = await rowsOf<{ id: number }>(
    w.t.db,
    sql`insert into warehouses (name, short_name, latitude, longitude)
        values (${`FLEET${n}`}, ${`Merkez ${n}`}, ${point?.latitude ?? null}, ${point?.longitude ?? null})
        returning id`,
  );
  return row!.id;
}

/** A buyer warehouse at `point` (or without coordinates), of a new buyer; its id. */
export async function buyerStop(w: OrderWorld, point: Point | null = ESKISEHIR): Promise<number> {
  const owner = await buyer(w);
  const response = await w.call(
    'POST',
    '/buyers/warehouses',
    { buyerId: owner.id, code: `SUBE-${next()}`, title: 'Şube Deposu', ...(point ?? {}) },
    w.office,
  );
  if (response.statusCode !== 200) throw new Error(`stop not created: ${response.body}`);
  return response.json.data.id;
}

/** A shipment body with a new vehicle, driver and stops unless told. */
export async function shipmentBody(
  w: OrderWorld,
  overrides: Partial<CreateShipmentBody> = {},
): Promise<CreateShipmentBody> {
  return {
    shipmentCode: `SVK-${next()}`,
    vehicleId: overrides.vehicleId ?? (await vehicle(w)).id,
    driverId: overrides.driverId ?? (await driver(w)).id,
    fromWarehouseId: overrides.fromWarehouseId ?? (await ownWarehouse(w)),
    toWarehouseId: overrides.toWarehouseId ?? (await buyerStop(w)),
    description: 'Haftalık Eskişehir sevkiyatı',
    ...overrides,
  };
}

export async function shipment(
  w: OrderWorld,
  overrides: Partial<CreateShipmentBody> = {},
): Promise<Shipment> {
  const response = await w.call('POST', '/shipments', await shipmentBody(w, overrides), w.office);
  if (response.statusCode !== 200) throw new Error(`shipment not created: ${response.body}`);
  return response.json.data;
}

export async function forceShipmentStatus(w: OrderWorld, id: number, status: ShipmentStatus): Promise<void> {
  await w.t.db.execute(sql`update shipments set status = ${status} where id = ${id}`);
}

/**
 * A delivered shipment and `copies` delivered copies of it, one every 4 hours before it: the years of
 * a busy dairy's shipments that the lists must bound. Grown by SQL for speed, with the planner's
 * statistics taken as autovacuum would. Returns the newest one's id.
 */
export async function deliveredShipments(w: FleetWorld, copies: number): Promise<number> {
  const first = await shipment(w);
  await forceShipmentStatus(w, first.id, 'DELIVERED');
  await w.t.db.execute(
    sql`insert into shipments (code, vehicle_id, driver_id, from_warehouse_id, to_warehouse_id, status, description, created_at)
        select s.code || '-' || g, s.vehicle_id, s.driver_id, s.from_warehouse_id, s.to_warehouse_id, 'DELIVERED', '',
               now() - make_interval(hours => g * 4)
          from shipments s, generate_series(1, ${copies}) g
         where s.id = ${first.id}`,
  );
  await w.t.db.execute(sql`analyze shipments`);
  return first.id;
}

/**
 * An order item of a new order to the shipment's destination with `pieces` loaded on the shipment from
 * DEPO1, as the loading screens will record it: accepted by the shipping staff or only loaded. 1500 g a piece.
 */
export async function loadOnto(
  w: OrderWorld,
  shipmentId: number,
  { pieces = 600, accepted = true } = {},
): Promise<number> {
  const productId = await stockedProduct(w, pieces);
  // The order goes to the shipment's destination, as the loading service requires (decision 140).
  const [to] = await rowsOf<{ branch: number; buyer_id: number }>(
    w.t.db,
    sql`select bw.id as branch, bw.buyer_id from shipments s
          join buyer_warehouses bw on bw.id = s.to_warehouse_id where s.id = ${shipmentId}`,
  );
  const order = await placedOrder(w, to!.buyer_id, [{ productId, boxes: pieces / 6 }], {
    buyerBranch: to!.branch,
  });
  await forceStatuses(
    w,
    order.id,
    'IN_PROGRESS',
    [accepted ? 'LOAD_STATUS_ACCEPTED' : 'LOADED_TO_TRUCK_FROM_WAREHOUSE'],
    pieces,
  );
  const itemId = order.orderItems[0]!.id;
  await w.t.db.execute(sql`
    insert into shipment_loads (order_item_id, shipment_id, warehouse_id, pieces)
    select ${itemId}, ${shipmentId}, id, ${pieces} from warehouses where name = 'DEPO1'`);
  // Loads written here bypass the loading service, so they keep the shipment's figures as it would.
  await w.t.db.transaction((tx) => keepShipmentFigures(tx, { shipmentIds: [shipmentId] }));
  return itemId;
}

/** The shipment's row, its driver's row and its loads: what a refused call must leave as it was. */
export async function shipmentSnapshot(w: OrderWorld, id: number): Promise<unknown> {
  return rowsOf(
    w.t.db,
    sql`select s.*, row_to_json(d) as driver,
               (select json_agg(l order by l.id) from shipment_loads l where l.shipment_id = s.id) as loads
          from shipments s join drivers d on d.id = s.driver_id where s.id = ${id}`,
  );
}
