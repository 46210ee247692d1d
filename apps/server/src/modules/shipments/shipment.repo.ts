import { vehicleDescription } from '@mandira/contract/fleet';
import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  SHIPMENT_ACTION_LABELS,
  SHIPMENT_STATUS_LABELS,
  type ShipmentContext,
  type ShipmentStatus,
  shipmentMachine,
  weightWarningOf,
} from '@mandira/contract/shipment-machine';
import type { RouteStop, Shipment } from '@mandira/contract/shipments';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { nearestCity } from '../routing/turkish-provinces.ts';

/** What reading a shipment needs from the server's settings. */
export type ShipmentReadSettings = { weighbridgeTolerancePercent: number };

type Stop = {
  id: number;
  title: string | null;
  buyerId: number | null;
  latitude: number | null;
  longitude: number | null;
};

type ShipmentRow = {
  id: number;
  code: string;
  status: ShipmentStatus;
  vehicle_id: number;
  plate: string;
  brand: string;
  model: string;
  pallet_capacity: number;
  capacity_in_tons: number;
  driver_id: number;
  driver_name: string;
  stops: [Stop, Stop | null, Stop | null, Stop];
  to_buyer_id: number;
  to_buyer_title: string;
  to_buyer_code: string;
  to_code: string;
  to_title: string;
  route_distance_in_meters: number | null;
  route_duration_in_seconds: number | null;
  route_is_estimate: boolean;
  route_geometry: [number, number][] | null;
  loaded_weight_in_tons: number | null;
  description: string;
  created_at: Date | string;
  updated_at: Date | string;
  load_count: number;
  pieces: number;
  all_accepted: boolean | null;
  expected_tons: number | null;
  weight_complete: boolean | null;
};

/** A stop as JSON; `buyer` is the column naming whose warehouse it is (`null` for an own warehouse). */
const stopObject = (alias: string, title: string, buyer = `${alias}.buyer_id`) =>
  `json_build_object('id', ${alias}.id, 'title', ${title}, 'buyerId', ${buyer}, 'latitude', ${alias}.latitude, 'longitude', ${alias}.longitude)`;

/**
 * A stop looked up by its own subquery, not joined: every join the row takes widens the planner's search
 * for a join order, and at ten relations planning took 2.3–2.7 ms of a statement that runs in 0.6
 * (docs/decisions/0136-shipment-stops-looked-up-not-joined.md). Null when the shipment has no such stop.
 */
const stopLookup = (table: string, alias: string, title: string, column: string, buyer?: string) =>
  sql.raw(
    `(select ${stopObject(alias, title, buyer)} from ${table} ${alias} where ${alias}.id = s.${column})`,
  );

/** Which rows of the list: a page of them (all when no limit), with or without the road geometry. */
export type ShipmentSelection = { limit?: number; offset?: number; withGeometry?: boolean };

/**
 * The shipments matching `where` (conditions on `s`, the shipments row), newest first. The rows are
 * chosen first, then joined; the load figures are kept on the rows by the writes
 * (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md), so a page costs its own rows only.
 */
export async function findShipments(
  db: Db | Tx,
  where: SQL,
  settings: ShipmentReadSettings,
  { limit, offset = 0, withGeometry = false }: ShipmentSelection = {},
): Promise<Shipment[]> {
  const rows = await preparedRowsOf<ShipmentRow>(
    db,
    'shipment_page',
    sql`with chosen as (
          select s.id from shipments s
           where ${where}
           order by s.created_at desc, s.id desc
           ${limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`})
        select s.id, s.code, s.status, s.vehicle_id, v.licence_plate_code as plate, v.brand, v.model,
               v.pallet_capacity, v.capacity_in_tons::float8 as capacity_in_tons,
               s.driver_id, d.name || ' ' || d.surname as driver_name,
               json_build_array(
                 ${stopLookup('warehouses', 'fw', "fw.name || ' - ' || fw.short_name", 'from_warehouse_id', 'null')},
                 ${stopLookup('buyer_warehouses', 'i1', "i1.code || ' - ' || i1.title", 'intermediate_warehouse1_id')},
                 ${stopLookup('buyer_warehouses', 'i2', "i2.code || ' - ' || i2.title", 'intermediate_warehouse2_id')},
                 ${sql.raw(stopObject('tw', "tw.code || ' - ' || tw.title"))}) as stops,
               tb.id as to_buyer_id, tb.title as to_buyer_title, tb.code as to_buyer_code,
               tw.code as to_code, tw.title as to_title,
               s.route_distance_in_meters, s.route_duration_in_seconds, s.route_is_estimate,
               ${withGeometry ? sql`s.route_geometry` : sql`null::jsonb`} as route_geometry,
               s.loaded_weight_in_tons::float8 as loaded_weight_in_tons, s.description,
               s.created_at, s.updated_at,
               s.load_count, s.load_pieces as pieces, s.loads_all_accepted as all_accepted,
               s.expected_weight_in_tons::float8 as expected_tons,
               s.expected_weight_complete as weight_complete
          from shipments s
          join vehicles v on v.id = s.vehicle_id
          join drivers d on d.id = s.driver_id
          join buyer_warehouses tw on tw.id = s.to_warehouse_id
          join buyers tb on tb.id = tw.buyer_id
         -- The chosen ids as one array: the planner then looks each up, where a join to the page let it
         -- hash the whole table, not knowing the page is small.
         where s.id = any(array(select c.id from chosen c))
         order by s.created_at desc, s.id desc`,
  );
  return rows.map((row) => toShipment(row, settings, withGeometry));
}

/**
 * How many shipments match `where` (conditions on `s`), counted only up to `limit` when given (decision
 * 149): the shipments grow with every day, and a count of ten years' would read every one of them.
 */
export async function countShipments(db: Db | Tx, where: SQL, limit?: number): Promise<number> {
  const [row] = await preparedRowsOf<{ count: number }>(
    db,
    'shipment_count',
    limit === undefined
      ? sql`select count(*)::int as count from shipments s where ${where}`
      : sql`select count(*)::int as count from (select 1 from shipments s where ${where} limit ${limit}) c`,
  );
  return row?.count ?? 0;
}

/** One shipment with everything, its road geometry included (404 when unknown). */
export async function findShipment(
  db: Db | Tx,
  id: number,
  settings: ShipmentReadSettings,
): Promise<Shipment> {
  const [shipment] = await findShipments(db, sql`s.id = ${id}`, settings, { withGeometry: true });
  if (!shipment) throw notFound('Sevkiyat bulunamadı.');
  return shipment;
}

/** The guards' facts of a shipment, from its row and load figures. */
export function contextOf(
  row: Pick<
    ShipmentRow,
    | 'load_count'
    | 'all_accepted'
    | 'expected_tons'
    | 'weight_complete'
    | 'loaded_weight_in_tons'
    | 'capacity_in_tons'
  >,
  settings: ShipmentReadSettings,
): ShipmentContext {
  const loadCount = row.load_count ?? 0;
  return {
    loadCount,
    allLoadedItemsAccepted: loadCount > 0 && row.all_accepted === true,
    expectedWeightInTons:
      loadCount > 0 && row.expected_tons !== null ? round3(Number(row.expected_tons)) : null,
    expectedWeightComplete: loadCount > 0 && row.weight_complete === true,
    loadedWeightInTons: row.loaded_weight_in_tons === null ? null : Number(row.loaded_weight_in_tons),
    vehicleCapacityInTons: Number(row.capacity_in_tons),
    weighbridgeTolerancePercent: settings.weighbridgeTolerancePercent,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const isoOf = (value: Date | string) => toIstanbulIso(value instanceof Date ? value : new Date(value));
const KINDS = ['FROM', 'INTERMEDIATE', 'INTERMEDIATE', 'TO'] as const;

function toShipment(row: ShipmentRow, settings: ShipmentReadSettings, withGeometry: boolean): Shipment {
  const stops: RouteStop[] = row.stops.flatMap((one, index) =>
    one === null
      ? []
      : [
          {
            kind: KINDS[index]!,
            warehouseId: one.id,
            title: one.title ?? '',
            buyerId: one.buyerId ?? null,
            latitude: one.latitude,
            longitude: one.longitude,
          },
        ],
  );
  const destination = row.stops[3];
  const city = nearestCity(destination.latitude, destination.longitude);
  const actionContext = contextOf(row, settings);
  return {
    id: row.id,
    shipmentCode: row.code,
    vehicleId: row.vehicle_id,
    vehicleDescription: vehicleDescription({
      licencePlateCode: row.plate,
      brand: row.brand,
      model: row.model,
    }),
    vehiclePalletCapacity: row.pallet_capacity,
    driverId: row.driver_id,
    driverFullName: row.driver_name,
    fromWarehouseId: row.stops[0].id,
    intermediateWarehouse1Id: row.stops[1]?.id ?? null,
    intermediateWarehouse2Id: row.stops[2]?.id ?? null,
    toWarehouseId: destination.id,
    stops,
    toCity: city && { plateCode: city.plateCode, name: city.name },
    destination: {
      buyerId: row.to_buyer_id,
      buyerTitle: row.to_buyer_title,
      buyerCode: row.to_buyer_code,
      code: row.to_code,
      title: row.to_title,
    },
    totalItemCount: row.pieces ?? 0,
    loadCount: row.load_count ?? 0,
    expectedWeightInTons: actionContext.expectedWeightInTons,
    loadedWeightInTons: actionContext.loadedWeightInTons,
    weightWarning: weightWarningOf(actionContext),
    routeDistance: row.route_distance_in_meters,
    duration: row.route_duration_in_seconds,
    routeIsEstimate: row.route_is_estimate,
    ...(withGeometry ? { routeGeometry: row.route_geometry } : {}),
    status: row.status,
    statusDetail: enumDescription(SHIPMENT_STATUS_LABELS, row.status),
    actionContext,
    availableActions: shipmentMachine
      .actionsFrom(row.status, actionContext)
      .map((action) => enumDescription(SHIPMENT_ACTION_LABELS, action)),
    description: row.description,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  };
}
