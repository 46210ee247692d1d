import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import type { MilkDeliveryQuery } from '@mandira/contract/milk';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { and, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, oneByOne, rowsOf, type Tx } from '../../db/client.ts';
import { edgeColumns, edgeDayOf, walkedDays } from '../../db/day-edge.ts';
import { milkDeliveries, milkDeliveryDays, milkVehicleDrivers, milkVehicles } from '../../db/schema.ts';

type ListQuery = z.output<typeof MilkDeliveryQuery>;
export type DeliveryFilters = Pick<ListQuery, 'from' | 'to' | 'milkVehicleId' | 'milkVehicleDriverId'>;
/** The stored fields of a delivery, as a recording or a correction writes them. */
export type DeliveryValues = typeof milkDeliveries.$inferInsert;

const columns = {
  id: milkDeliveries.id,
  milkVehicleId: milkDeliveries.milkVehicleId,
  milkVehicleDriverId: milkDeliveries.milkVehicleDriverId,
  deliveredCowMilkVolume: milkDeliveries.deliveredCowMilkVolume,
  deliveredSheepMilkVolume: milkDeliveries.deliveredSheepMilkVolume,
  deliveredGoatMilkVolume: milkDeliveries.deliveredGoatMilkVolume,
  deliveryDateTime: milkDeliveries.deliveryDateTime,
  licencePlateCode: milkVehicles.licencePlateCode,
  driverFullName: sql<string>`${milkVehicleDrivers.name} || ' ' || ${milkVehicleDrivers.surname}`,
};

function selectDeliveries(db: Db | Tx) {
  return db
    .select(columns)
    .from(milkDeliveries)
    .innerJoin(milkVehicles, eq(milkVehicles.id, milkDeliveries.milkVehicleId))
    .innerJoin(milkVehicleDrivers, eq(milkVehicleDrivers.id, milkDeliveries.milkVehicleDriverId));
}

/** The WHERE of a range and vehicle/driver filter; `from` and `to` are whole Istanbul days. */
export function deliveryConditions(filters: DeliveryFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.from) conditions.push(gte(milkDeliveries.deliveryDateTime, startOfIstanbulDay(filters.from)));
  if (filters.to) {
    conditions.push(lt(milkDeliveries.deliveryDateTime, startOfIstanbulDay(addDays(filters.to, 1))));
  }
  if (filters.milkVehicleId) conditions.push(eq(milkDeliveries.milkVehicleId, filters.milkVehicleId));
  if (filters.milkVehicleDriverId) {
    conditions.push(eq(milkDeliveries.milkVehicleDriverId, filters.milkVehicleDriverId));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const keptDaysOf = (query: ListQuery) =>
  and(
    query.from ? gte(milkDeliveryDays.day, query.from) : undefined,
    query.to ? lte(milkDeliveryDays.day, query.to) : undefined,
  );

/**
 * Where a deep page starts, from the kept day counts: the newest day whose deliveries, with those of the
 * days after it, reach past `offset`, and how many deliveries those later days hold. The days are summed
 * newest first and the sum stops at that day, so the page then skips only within one day's deliveries
 * instead of every delivery before it (decision 164).
 */
export async function seekDay(db: Db, query: ListQuery, offset: number): Promise<DayStart | undefined> {
  const days = milkDeliveryDays;
  const [found] = await rowsOf<DayStart>(
    db,
    sql`select ${edgeColumns()}
          from (select 1) one
          cross join ${edgeDayOf(
            walkedDays(
              sql`(select ${days.day} as day, ${days.deliveries} as count from ${days}
                    where ${keptDaysOf(query) ?? sql`true`})`,
              'newest',
            ),
            offset,
          )}`,
  );
  return found;
}

/** The day a page starts on, and how many deliveries the later days hold. */
type DayStart = { edgeDay: string; passed: number };

/** The deliveries of a range of whole days, of every vehicle and driver, summed from the kept day counts. */
export async function sumKeptDays(db: Db, query: ListQuery): Promise<number> {
  const days = milkDeliveryDays;
  const [kept] = await db
    .select({ total: sql<number>`coalesce(sum(${days.deliveries}), 0)`.mapWith(Number) })
    .from(days)
    .where(keptDaysOf(query));
  return kept?.total ?? 0;
}

/** The deliveries matching `where`, counted from the index up to COUNT_LIMIT + 1. */
export async function countDeliveriesUpToLimit(db: Db, where: SQL | undefined): Promise<number> {
  const upTo = db
    .select({ id: milkDeliveries.id })
    .from(milkDeliveries)
    .where(where)
    .limit(COUNT_LIMIT + 1)
    .as('up_to');
  return (await db.select({ value: count() }).from(upTo))[0]?.value ?? 0;
}

const newestFirst = () => [desc(milkDeliveries.deliveryDateTime), desc(milkDeliveries.id)];

/** The newest `limit` deliveries matching `where`: nothing to skip, so no ids first. */
export function newestDeliveries(db: Db, where: SQL | undefined, limit: number) {
  return selectDeliveries(db)
    .where(where)
    .orderBy(...newestFirst())
    .limit(limit);
}

/**
 * A deeper page: its ids chosen first from the date index, from the day `seekDay` found on (when it
 * found one), so the deliveries it skips are few and never joined to their vehicle and driver.
 */
export function deliveriesPage(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number; start?: DayStart },
) {
  const { limit, offset, start } = page;
  const pageIds = db
    .select({ id: milkDeliveries.id })
    .from(milkDeliveries)
    .where(
      start
        ? and(where, lt(milkDeliveries.deliveryDateTime, startOfIstanbulDay(addDays(start.edgeDay, 1))))
        : where,
    )
    .orderBy(...newestFirst())
    .limit(limit)
    .offset(offset - (start?.passed ?? 0));
  return selectDeliveries(db)
    .where(sql`${milkDeliveries.id} = any(array(${pageIds}))`)
    .orderBy(...newestFirst());
}

export async function findMilkDelivery(db: Db | Tx, id: number) {
  const [row] = await selectDeliveries(db).where(eq(milkDeliveries.id, id));
  return row;
}

/** The vehicle and the driver a delivery names, each when it exists. */
export async function findVehicleAndDriver(tx: Tx, vehicleId: number, driverId: number) {
  const [[vehicle], [driver]] = await oneByOne([
    tx.select({ id: milkVehicles.id }).from(milkVehicles).where(eq(milkVehicles.id, vehicleId)),
    tx
      .select({ id: milkVehicleDrivers.id })
      .from(milkVehicleDrivers)
      .where(eq(milkVehicleDrivers.id, driverId)),
  ]);
  return { vehicle, driver };
}

/** A new delivery's stored fields, each given. */
export type NewDelivery = {
  milkVehicleId: number;
  milkVehicleDriverId: number;
  deliveredCowMilkVolume: number;
  deliveredSheepMilkVolume: number;
  deliveredGoatMilkVolume: number;
  deliveryDateTime: Date;
  createdBy: number | null;
  updatedBy: number | null;
};

type RecordedRow = {
  licence_plate_code: string | null;
  driver_full_name: string | null;
  id: number | null;
  delivered_cow_milk_volume: string;
  delivered_sheep_milk_volume: string;
  delivered_goat_milk_volume: string;
  delivery_date_time: Date | string;
};

/**
 * Records a delivery when its vehicle and its driver exist and `write` holds, in one statement that also
 * answers whether each exists (decision 183): `vehicle` and `driver` are false for the one that does not,
 * and `delivery` (as the list reads it, with the plate and the driver's name) is undefined unless written.
 */
export async function insertDeliveryOfKnown(tx: Tx, values: NewDelivery, write: boolean) {
  const [row] = await rowsOf<RecordedRow>(
    tx,
    sql`with v as (select id, licence_plate_code from milk_vehicles where id = ${values.milkVehicleId}),
             d as (select id, name || ' ' || surname as full_name
                     from milk_vehicle_drivers where id = ${values.milkVehicleDriverId}),
             m as (
               insert into milk_deliveries (milk_vehicle_id, milk_vehicle_driver_id, delivered_cow_milk_volume,
                                            delivered_sheep_milk_volume, delivered_goat_milk_volume,
                                            delivery_date_time, created_by, updated_by)
               select v.id, d.id, ${values.deliveredCowMilkVolume}::numeric, ${values.deliveredSheepMilkVolume}::numeric,
                      ${values.deliveredGoatMilkVolume}::numeric, ${values.deliveryDateTime.toISOString()}::timestamptz,
                      ${values.createdBy}::int, ${values.updatedBy}::int
                 from v, d
                where ${write}::boolean
               returning id, delivered_cow_milk_volume, delivered_sheep_milk_volume, delivered_goat_milk_volume,
                         delivery_date_time)
        select v.licence_plate_code, d.full_name as driver_full_name, m.id,
               m.delivered_cow_milk_volume::text as delivered_cow_milk_volume,
               m.delivered_sheep_milk_volume::text as delivered_sheep_milk_volume,
               m.delivered_goat_milk_volume::text as delivered_goat_milk_volume, m.delivery_date_time
          from (select) as one
          left join v on true
          left join d on true
          left join m on true`,
  );
  const found = { vehicle: row!.licence_plate_code !== null, driver: row!.driver_full_name !== null };
  if (row!.id === null) return { ...found, delivery: undefined };
  return {
    ...found,
    // The fields in the order of the list's reads: the audit entry lists them so.
    delivery: {
      id: row!.id,
      milkVehicleId: values.milkVehicleId,
      milkVehicleDriverId: values.milkVehicleDriverId,
      deliveredCowMilkVolume: Number(row!.delivered_cow_milk_volume),
      deliveredSheepMilkVolume: Number(row!.delivered_sheep_milk_volume),
      deliveredGoatMilkVolume: Number(row!.delivered_goat_milk_volume),
      deliveryDateTime:
        row!.delivery_date_time instanceof Date ? row!.delivery_date_time : new Date(row!.delivery_date_time),
      licencePlateCode: row!.licence_plate_code!,
      driverFullName: row!.driver_full_name!,
    },
  };
}

/** Locks the delivery's row; undefined when there is none. */
export async function lockMilkDelivery(tx: Tx, id: number) {
  const [existing] = await tx
    .select({ id: milkDeliveries.id })
    .from(milkDeliveries)
    .where(eq(milkDeliveries.id, id))
    .for('update');
  return existing;
}

export async function updateMilkDeliveryRow(
  tx: Tx,
  id: number,
  values: Partial<DeliveryValues>,
): Promise<void> {
  await tx.update(milkDeliveries).set(values).where(eq(milkDeliveries.id, id));
}
