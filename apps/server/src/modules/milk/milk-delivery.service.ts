import { addDays, startOfIstanbulDay, toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  type CreateMilkDeliveryBody,
  MILK_DELIVERIES_UNPAGED_LIMIT,
  type MilkDelivery,
  type MilkDeliveryPage,
  type MilkDeliveryQuery,
  type UpdateMilkDeliveryBody,
} from '@mandira/contract/milk';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { and, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, oneByOne, rowsOf, type Tx } from '../../db/client.ts';
import { milkDeliveries, milkDeliveryDays, milkVehicleDrivers, milkVehicles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { businessRule, notFound } from '../../http/errors.ts';
import { type Bounded, readBounded, readPage } from '../../http/unpaged-limit.ts';
import { recordChange } from '../audit/record-change.ts';

type CreateInput = z.output<typeof CreateMilkDeliveryBody>;
type UpdateInput = z.output<typeof UpdateMilkDeliveryBody>;
type ListQuery = z.output<typeof MilkDeliveryQuery>;
export type DeliveryFilters = Pick<ListQuery, 'from' | 'to' | 'milkVehicleId' | 'milkVehicleDriverId'>;

const NOT_FOUND = 'Süt teslimatı bulunamadı.';
const DEFAULT_PAGE_SIZE = 50;
/** A delivery is recorded when the milk arrives; a day of slack covers clocks and late shifts. */
const MAX_AHEAD_MS = 24 * 3600_000;

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

type Row = { deliveryDateTime: Date } & Omit<MilkDelivery, 'deliveryDateTime'>;
const toDelivery = (row: Row): MilkDelivery => ({
  ...row,
  deliveryDateTime: toIstanbulIso(row.deliveryDateTime),
});

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

/** Whether the kept day counts count the query: a range of whole days, of every vehicle and driver. */
const keptDaysCount = (query: ListQuery) => !query.milkVehicleId && !query.milkVehicleDriverId;

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
async function seekDay(db: Db, query: ListQuery, offset: number) {
  const days = milkDeliveryDays;
  const [found] = await rowsOf<{ day: string; newer: string }>(
    db,
    sql`select day::text as day, through - deliveries as newer
          from (select ${days.day} as day, ${days.deliveries} as deliveries,
                       sum(${days.deliveries}) over (order by ${days.day} desc) as through
                  from ${days} where ${keptDaysOf(query) ?? sql`true`} order by ${days.day} desc) as running
         where through > ${offset} limit 1`,
  );
  return found && { day: found.day, newer: Number(found.newer) };
}

/**
 * How many deliveries match, and whether the count stopped at COUNT_LIMIT. A range of whole days with no
 * vehicle or driver is summed from the kept day counts (`milk_delivery_days`, decision 164): one row a
 * day, never the deliveries themselves. One vehicle's or driver's are counted from its index, up to
 * COUNT_LIMIT (decision 149).
 */
async function countDeliveries(db: Db, query: ListQuery, where: SQL | undefined) {
  if (keptDaysCount(query)) {
    const days = milkDeliveryDays;
    const [kept] = await db
      .select({ total: sql<number>`coalesce(sum(${days.deliveries}), 0)`.mapWith(Number) })
      .from(days)
      .where(keptDaysOf(query));
    return { total: kept?.total ?? 0, capped: false };
  }
  const upTo = db
    .select({ id: milkDeliveries.id })
    .from(milkDeliveries)
    .where(where)
    .limit(COUNT_LIMIT + 1)
    .as('up_to');
  const counted = (await db.select({ value: count() }).from(upTo))[0]?.value ?? 0;
  return counted > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total: counted, capped: false };
}

/**
 * Newest first. Unpaged, the newest MILK_DELIVERIES_UNPAGED_LIMIT of the range and how many matched, which
 * the route puts in the headers (decisions 113 and 149): a range of a century answers a bounded array.
 * Paged, one page and the count; a page past the end reads no rows. A deeper page's ids are chosen first
 * from the date index, from its day on (`seekDay`), so the deliveries it skips are few and never joined
 * to their vehicle and driver.
 */
export async function listMilkDeliveries(
  db: Db,
  query: ListQuery,
): Promise<Bounded<MilkDelivery> | MilkDeliveryPage> {
  const where = deliveryConditions(query);
  const newestFirst = [desc(milkDeliveries.deliveryDateTime), desc(milkDeliveries.id)];
  const ordered = async (limit: number, offset = 0) => {
    // Nothing to skip: every row read is answered, so no ids first.
    if (offset === 0)
      return selectDeliveries(db)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit);
    const start = keptDaysCount(query) ? await seekDay(db, query, offset) : undefined;
    const pageIds = db
      .select({ id: milkDeliveries.id })
      .from(milkDeliveries)
      .where(
        start
          ? and(where, lt(milkDeliveries.deliveryDateTime, startOfIstanbulDay(addDays(start.day, 1))))
          : where,
      )
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset - (start?.newer ?? 0));
    return selectDeliveries(db)
      .where(sql`${milkDeliveries.id} = any(array(${pageIds}))`)
      .orderBy(...newestFirst);
  };
  const counted = { capped: false };
  const countAll = async () => {
    const { total, capped } = await countDeliveries(db, query, where);
    counted.capped = capped;
    return total;
  };
  if (query.page === undefined && query.size === undefined) {
    const bounded = await readBounded(MILK_DELIVERIES_UNPAGED_LIMIT, (limit) => ordered(limit), countAll);
    return { ...bounded, rows: bounded.rows.map(toDelivery), totalCapped: counted.capped };
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const { rows, ...figures } = await readPage(page, size, countAll, ordered);
  return {
    deliveries: rows.map(toDelivery),
    page,
    size,
    ...figures,
    ...(counted.capped && { countCapped: true as const }),
  };
}

export async function getMilkDelivery(db: Db | Tx, id: number): Promise<MilkDelivery> {
  const [row] = await selectDeliveries(db).where(eq(milkDeliveries.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toDelivery(row);
}

/** The stored fields, once the vehicle and the driver are known to exist. */
async function fieldsOf(tx: Tx, input: CreateInput) {
  const [[vehicle], [driver]] = await oneByOne([
    tx.select({ id: milkVehicles.id }).from(milkVehicles).where(eq(milkVehicles.id, input.milkVehicleId)),
    tx
      .select({ id: milkVehicleDrivers.id })
      .from(milkVehicleDrivers)
      .where(eq(milkVehicleDrivers.id, input.milkVehicleDriverId)),
  ]);
  if (!vehicle) throw businessRule(`Seçilen süt aracı (${input.milkVehicleId}) bulunamadı.`);
  if (!driver) throw businessRule(`Seçilen şoför (${input.milkVehicleDriverId}) bulunamadı.`);
  const deliveryDateTime = input.deliveryDateTime ?? new Date();
  if (deliveryDateTime.getTime() > Date.now() + MAX_AHEAD_MS) {
    throw businessRule('Teslimat zamanı ileri bir tarih olamaz.');
  }
  return {
    milkVehicleId: input.milkVehicleId,
    milkVehicleDriverId: input.milkVehicleDriverId,
    deliveredCowMilkVolume: input.deliveredCowMilkVolume,
    deliveredSheepMilkVolume: input.deliveredSheepMilkVolume,
    deliveredGoatMilkVolume: input.deliveredGoatMilkVolume,
    deliveryDateTime,
  };
}

export async function recordMilkDelivery(tx: Tx, actor: Actor, input: CreateInput): Promise<MilkDelivery> {
  const fields = await fieldsOf(tx, input);
  const [created] = await tx
    .insert(milkDeliveries)
    .values({ ...fields, createdBy: actor.userId || null, updatedBy: actor.userId || null })
    .returning({ id: milkDeliveries.id });
  const after = await getMilkDelivery(tx, created!.id);
  await recordChange(tx, actor, { action: 'CREATE', entityType: 'MILK_DELIVERY', entityId: after.id, after });
  return after;
}

export async function correctMilkDelivery(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkDelivery> {
  const [existing] = await tx
    .select({ id: milkDeliveries.id })
    .from(milkDeliveries)
    .where(eq(milkDeliveries.id, input.id))
    .for('update');
  if (!existing) throw notFound(NOT_FOUND);
  const before = await getMilkDelivery(tx, input.id);
  const fields = await fieldsOf(tx, input);
  await tx
    .update(milkDeliveries)
    .set({ ...fields, updatedBy: actor.userId || null, updatedAt: new Date() })
    .where(eq(milkDeliveries.id, input.id));
  const after = await getMilkDelivery(tx, input.id);
  await recordChange(tx, actor, {
    action: 'UPDATE',
    entityType: 'MILK_DELIVERY',
    entityId: input.id,
    before,
    after,
  });
  return after;
}
