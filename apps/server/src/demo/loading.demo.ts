import type { OrderItemStatus, OrderStatus } from '@mandira/contract/order-machines';
import { CLOSED_SHIPMENT_STATUSES, type ShipmentAction } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db/client.ts';
import { statusNotIn } from '../db/status-sql.ts';
import type { Actor } from '../http/auth.ts';
import { createDriver } from '../modules/fleet/drivers.service.ts';
import { createVehicle } from '../modules/fleet/vehicles.service.ts';
import { acceptLoad } from '../modules/loading/load-acceptance.service.ts';
import { finishLoading, loadItem, piecesPerWarehouse } from '../modules/loading/load-item.service.ts';
import { actOnItem, actOnOrder } from '../modules/orders/order-item-engine.ts';
import { routeOf } from '../modules/routing/routing.ts';
import { findShipment } from '../modules/shipments/shipment.repo.ts';
import { actOnShipment } from '../modules/shipments/shipment-actions.service.ts';
import { createShipment } from '../modules/shipments/shipments.service.ts';

/**
 * Shipments of the demo, through the loading and shipment services so the stock ledger adds up: the
 * orders the orders demo walked to loading ('to-ship' and 'loading') go onto trucks. The oldest two are
 * delivered and completed, the next two are on the road, two more are on a truck still loading (one
 * accepted by the shipping staff, one finished but not checked and partly loaded), and the rest wait in
 * the warehouse for a truck.
 */

const SETTINGS = { weighbridgeTolerancePercent: 10 };

const FLEET = [
  { plate: '06 MND 101', brand: 'Ford', model: 'Cargo 1833', driver: ['Kemal', 'Yıldırım'] },
  { plate: '06 MND 102', brand: 'Mercedes-Benz', model: 'Atego 1530', driver: ['Serkan', 'Güneş'] },
  { plate: '34 MND 203', brand: 'Isuzu', model: 'NPR 10', driver: ['Özlem', 'Kılıç'] },
] as const;

type Ending = 'DELIVERED' | 'ON_DELIVERY' | 'LOADING';
const PLANS: { orders: number; ending: Ending; code: string; description: string }[] = [
  { orders: 2, ending: 'DELIVERED', code: 'SVK-2026-001', description: 'Ankara içi dağıtım' },
  { orders: 2, ending: 'ON_DELIVERY', code: 'SVK-2026-002', description: 'Eskişehir hattı' },
  { orders: 2, ending: 'LOADING', code: 'SVK-2026-003', description: 'Konya hattı, yükleniyor' },
];

async function actorOf(db: Db, userName: string): Promise<Actor> {
  const [user] = await rowsOf<{ id: number }>(db, sql`select id from users where user_name = ${userName}`);
  return { userId: user?.id ?? 0, userName, roles: [], privileges: new Set(), isSuperAdmin: true };
}

export async function seedLoadingDemo(db: Db): Promise<void> {
  const warehouse = await actorOf(db, 'warehouse_staff');
  const shipping = await actorOf(db, 'shipping_staff');
  const office = await actorOf(db, 'backoffice_admin');
  const manager = await actorOf(db, 'order_manager');
  const orders = await rowsOf<{ id: number; branch: number | null }>(
    db,
    sql`select o.id, o.buyer_branch_id as branch from orders o
         where o.status = ${'IN_PROGRESS' satisfies OrderStatus} and o.buyer_branch_id is not null
           and exists (select 1 from order_items i where i.order_id = o.id
                        and i.status = ${'LOADING' satisfies OrderItemStatus})
           and not exists (select 1 from order_items i where i.order_id = o.id
                            and ${statusNotIn('i.status', ['LOADING', 'CANCELED'] satisfies OrderItemStatus[])})
         order by o.created_at, o.id`,
  );
  let next = 0;
  for (const [index, plan] of PLANS.entries()) {
    const carried = orders.slice(next, next + plan.orders);
    next += plan.orders;
    if (carried.length === 0) return;
    const shipmentId = await db.transaction((tx) => newShipment(tx, office, index, plan, carried));
    for (const [position, order] of carried.entries()) {
      // On the truck still loading, the second order is not finished and not checked yet.
      const complete = plan.ending !== 'LOADING' || position === 0;
      await db.transaction((tx) => loadOrder(tx, warehouse, shipping, order.id, shipmentId, complete));
    }
    if (plan.ending === 'LOADING') continue;
    await db.transaction(async (tx) => {
      const act = (action: ShipmentAction, extra = {}) =>
        actOnShipment(tx, office, { id: shipmentId, action, ...extra }, SETTINGS);
      await act('START_LOAD_CHECK');
      await act('FINISH_LOAD_CHECK');
      await act('START_WEIGHT_CHECK');
      await act('COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: await weighed(tx, shipmentId) });
      await act('START_DELIVERY');
      if (plan.ending === 'DELIVERED') {
        await act('COMPLETE_DELIVERY');
        for (const order of carried) await actOnOrder(tx, manager, order.id, 'COMPLETE');
      }
    });
  }
}

/** A shipment of one of the demo trucks from Depo-1 to the orders' branches, LOADING. */
async function newShipment(
  tx: Tx,
  office: Actor,
  index: number,
  plan: (typeof PLANS)[number],
  carried: { branch: number | null }[],
): Promise<number> {
  const [free] = await rowsOf<{ vehicle_id: number | null; driver_id: number | null }>(
    tx,
    sql`select (select v.id from vehicles v
                 where v.status = 'AVAILABLE'
                   and not exists (select 1 from shipments s where s.vehicle_id = v.id
                                    and ${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)})
                 order by v.capacity_in_tons desc, v.id limit 1) as vehicle_id,
               (select d.id from drivers d
                 where d.status = 'AVAILABLE'
                   and not exists (select 1 from shipments s where s.driver_id = d.id
                                    and ${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)})
                 order by d.id limit 1) as driver_id`,
  );
  // The fleet demo's free lorries and drivers, or trucks of our own when it has none left.
  const truck = FLEET[index % FLEET.length]!;
  const vehicleId =
    free?.vehicle_id ??
    (
      await createVehicle(tx, office, {
        licencePlateCode: truck.plate,
        brand: truck.brand,
        model: truck.model,
        productionYear: 2021,
        yearOfPurchase: 2022,
        capacityInTons: 12,
        palletCapacity: 14,
        fuelConsumptionEmpty: 18,
        fuelConsumptionHalfFull: 22,
        fuelConsumptionFull: 27,
        status: 'AVAILABLE',
      })
    ).id;
  const driverId =
    free?.driver_id ??
    (
      await createDriver(tx, office, {
        name: truck.driver[0],
        surname: truck.driver[1],
        gender: index === 2 ? 'Kadın' : 'Erkek',
        dateOfBirth: `${1978 + index * 4}-0${3 + index}-15`,
        phone: `0532 40${index} 11 22`,
        tckn: null,
        licenceNumber: `C-${46_120 + index}`,
        status: 'AVAILABLE',
      })
    ).id;
  const branches = [...new Set(carried.map((order) => order.branch!))];
  const stops = await rowsOf<{ latitude: number | null; longitude: number | null }>(
    tx,
    sql`select latitude, longitude from (
          select 0 as ord, latitude, longitude from warehouses where id = 1
          union all
          select array_position(${sql.param(branches)}::int[], id), latitude::float8, longitude::float8
            from buyer_warehouses where id = any(${sql.param(branches)}::int[])) stops
        order by ord`,
  );
  const id = await createShipment(tx, office, {
    shipmentCode: plan.code,
    vehicleId,
    driverId,
    fromWarehouseId: 1,
    intermediateWarehouse1Id: branches.length > 1 ? branches[0]! : null,
    intermediateWarehouse2Id: null,
    toWarehouseId: branches.at(-1)!,
    description: plan.description,
    route: await routeOf(stops, { routingUrl: undefined }),
  });
  await actOnShipment(tx, office, { id, action: 'PREPARE_TO_LOAD' }, SETTINGS);
  await actOnShipment(tx, office, { id, action: 'START_LOADING' }, SETTINGS);
  return id;
}

type ItemRow = { id: number; bundle_snapshot_id: number; quantity: number };

/**
 * Loads every LOADING item of the order from the warehouses that hold it, Depo-1 first, finishes it (in
 * part when the shelves cannot give it all) and has it accepted. Not `complete`: the first item is
 * finished but not accepted, the others are loaded by half.
 */
async function loadOrder(
  tx: Tx,
  warehouse: Actor,
  shipping: Actor,
  orderId: number,
  shipmentId: number,
  complete: boolean,
): Promise<void> {
  const items = await rowsOf<ItemRow>(
    tx,
    sql`select id, bundle_snapshot_id, quantity from order_items
         where order_id = ${orderId} and status = ${'LOADING' satisfies OrderItemStatus} order by id`,
  );
  for (const [index, item] of items.entries()) {
    const wanted = complete || index === 0 ? item.quantity : Math.ceil(item.quantity / 2);
    const rows = await shelvesFor(tx, item.bundle_snapshot_id, wanted);
    const loaded = rows.reduce((sum, row) => sum + row.quantity, 0);
    if (loaded === 0) continue;
    await loadItem(tx, warehouse, {
      orderId,
      itemId: item.id,
      shippingId: shipmentId,
      warehouseStocks: rows,
    });
    if (!complete && index > 0) continue;
    if (loaded === item.quantity)
      await finishLoading(tx, warehouse, { orderId, itemId: item.id, shipmentId });
    else {
      await actOnItem(tx, warehouse, {
        orderId,
        itemId: item.id,
        action: 'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY',
      });
    }
    if (complete) await acceptLoad(tx, shipping, { orderId, itemId: item.id, shipmentId });
  }
}

/** Pieces of the item's bundle per stock warehouse, Depo-1 first, up to `wanted`. */
async function shelvesFor(
  tx: Tx,
  bundleSnapshotId: number,
  wanted: number,
): Promise<{ warehouse: string; quantity: number }[]> {
  const shelves = await piecesPerWarehouse(tx, bundleSnapshotId);
  const rows: { warehouse: string; quantity: number }[] = [];
  let rest = wanted;
  for (const shelf of shelves) {
    const quantity = Math.min(rest, shelf.pieces);
    if (quantity <= 0) continue;
    rows.push({ warehouse: shelf.warehouse, quantity });
    rest -= quantity;
  }
  return rows;
}

/** What the weighbridge shows: 2 % over the expected weight, or half a ton over what is known. */
async function weighed(tx: Tx, shipmentId: number): Promise<number> {
  const shipment = await findShipment(tx, shipmentId, SETTINGS);
  const expected = shipment.expectedWeightInTons ?? 0;
  const tons = shipment.actionContext.expectedWeightComplete ? expected * 1.02 : expected + 0.5;
  return Math.max(0.001, Math.round(tons * 1000) / 1000);
}
