import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  type CreateMilkDeliveryBody,
  MILK_DELIVERIES_UNPAGED_LIMIT,
  type MilkDelivery,
  type MilkDeliveryPage,
  type MilkDeliveryQuery,
  type UpdateMilkDeliveryBody,
} from '@mandira/contract/milk';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { businessRule, notFound } from '../../http/errors.ts';
import { type Bounded, readBounded, readPage } from '../../http/unpaged-limit.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  countDeliveriesUpToLimit,
  deliveriesPage,
  deliveryConditions,
  findMilkDelivery,
  findVehicleAndDriver,
  insertDeliveryOfKnown,
  lockMilkDelivery,
  newestDeliveries,
  seekDay,
  sumKeptDays,
  updateMilkDeliveryRow,
} from './milk-delivery.repo.ts';

export { type DeliveryFilters, deliveryConditions } from './milk-delivery.repo.ts';

type CreateInput = z.output<typeof CreateMilkDeliveryBody>;
type UpdateInput = z.output<typeof UpdateMilkDeliveryBody>;
type ListQuery = z.output<typeof MilkDeliveryQuery>;

const NOT_FOUND = 'Süt teslimatı bulunamadı.';
const DEFAULT_PAGE_SIZE = 50;
/** A delivery is recorded when the milk arrives; a day of slack covers clocks and late shifts. */
const MAX_AHEAD_MS = 24 * 3600_000;

type Row = { deliveryDateTime: Date } & Omit<MilkDelivery, 'deliveryDateTime'>;
const toDelivery = (row: Row): MilkDelivery => ({
  ...row,
  deliveryDateTime: toIstanbulIso(row.deliveryDateTime),
});

/** Whether the kept day counts count the query: a range of whole days, of every vehicle and driver. */
const keptDaysCount = (query: ListQuery) => !query.milkVehicleId && !query.milkVehicleDriverId;

/**
 * How many deliveries match, and whether the count stopped at COUNT_LIMIT. A range of whole days with no
 * vehicle or driver is summed from the kept day counts (`milk_delivery_days`, decision 164): one row a
 * day, never the deliveries themselves. One vehicle's or driver's are counted from its index, up to
 * COUNT_LIMIT (decision 149).
 */
async function countDeliveries(db: Db, query: ListQuery, where: ReturnType<typeof deliveryConditions>) {
  if (keptDaysCount(query)) return { total: await sumKeptDays(db, query), capped: false };
  const counted = await countDeliveriesUpToLimit(db, where);
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
  const ordered = async (limit: number, offset = 0) => {
    // Nothing to skip: every row read is answered, so no ids first.
    if (offset === 0) return newestDeliveries(db, where, limit);
    const start = keptDaysCount(query) ? await seekDay(db, query, offset) : undefined;
    return deliveriesPage(db, where, { limit, offset, start });
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
  const row = await findMilkDelivery(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toDelivery(row);
}

/** The stored fields of the body: without a time, the delivery is recorded now. */
function fieldsOf(input: CreateInput) {
  return {
    milkVehicleId: input.milkVehicleId,
    milkVehicleDriverId: input.milkVehicleDriverId,
    deliveredCowMilkVolume: input.deliveredCowMilkVolume,
    deliveredSheepMilkVolume: input.deliveredSheepMilkVolume,
    deliveredGoatMilkVolume: input.deliveredGoatMilkVolume,
    deliveryDateTime: input.deliveryDateTime ?? new Date(),
  };
}

/** The refusals of a delivery's fields, in their order: an unknown vehicle, an unknown driver, a time ahead. */
function refuseFields(input: CreateInput, found: { vehicle: boolean; driver: boolean }, ahead: boolean) {
  if (!found.vehicle) throw businessRule(`Seçilen süt aracı (${input.milkVehicleId}) bulunamadı.`);
  if (!found.driver) throw businessRule(`Seçilen şoför (${input.milkVehicleDriverId}) bulunamadı.`);
  if (ahead) throw businessRule('Teslimat zamanı ileri bir tarih olamaz.');
}

const isAhead = (deliveryDateTime: Date) => deliveryDateTime.getTime() > Date.now() + MAX_AHEAD_MS;

/** The stored fields, once the vehicle and the driver are known to exist. */
async function checkedFieldsOf(tx: Tx, input: CreateInput) {
  const { vehicle, driver } = await findVehicleAndDriver(tx, input.milkVehicleId, input.milkVehicleDriverId);
  const fields = fieldsOf(input);
  refuseFields(input, { vehicle: !!vehicle, driver: !!driver }, isAhead(fields.deliveryDateTime));
  return fields;
}

/**
 * The vehicle and the driver are checked by the statement that records the delivery, which writes
 * nothing when either is unknown or the time is ahead, and answers the row as the list reads it
 * (decision 183); the refusals come in the order they always did.
 */
export async function recordMilkDelivery(tx: Tx, actor: Actor, input: CreateInput): Promise<MilkDelivery> {
  const fields = fieldsOf(input);
  const ahead = isAhead(fields.deliveryDateTime);
  const recorded = await insertDeliveryOfKnown(
    tx,
    { ...fields, createdBy: actor.userId || null, updatedBy: actor.userId || null },
    !ahead,
  );
  refuseFields(input, recorded, ahead);
  const after = toDelivery(recorded.delivery!);
  await recordChange(tx, actor, { action: 'CREATE', entityType: 'MILK_DELIVERY', entityId: after.id, after });
  return after;
}

export async function correctMilkDelivery(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkDelivery> {
  const existing = await lockMilkDelivery(tx, input.id);
  if (!existing) throw notFound(NOT_FOUND);
  const before = await getMilkDelivery(tx, input.id);
  const fields = await checkedFieldsOf(tx, input);
  await updateMilkDeliveryRow(tx, input.id, {
    ...fields,
    updatedBy: actor.userId || null,
    updatedAt: new Date(),
  });
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
