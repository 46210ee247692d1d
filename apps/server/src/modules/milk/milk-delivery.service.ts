import { addDays, startOfIstanbulDay, toIstanbulIso } from '@mandira/contract/istanbul-time';
import type {
  CreateMilkDeliveryBody,
  MilkDelivery,
  MilkDeliveryPage,
  MilkDeliveryQuery,
  UpdateMilkDeliveryBody,
} from '@mandira/contract/milk';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, oneByOne, type Tx } from '../../db/client.ts';
import { milkDeliveries, milkVehicleDrivers, milkVehicles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { businessRule, notFound } from '../../http/errors.ts';
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

/** Newest first; a plain array unless `page` or `size` asks for one page of it. */
export async function listMilkDeliveries(
  db: Db,
  query: ListQuery,
): Promise<MilkDelivery[] | MilkDeliveryPage> {
  const where = deliveryConditions(query);
  const ordered = selectDeliveries(db)
    .where(where)
    .orderBy(desc(milkDeliveries.deliveryDateTime), desc(milkDeliveries.id));
  if (query.page === undefined && query.size === undefined) return (await ordered).map(toDelivery);

  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    ordered.limit(size).offset((page - 1) * size),
    db.select({ value: count() }).from(milkDeliveries).where(where),
  ]);
  const counted = total?.value ?? 0;
  return {
    deliveries: rows.map(toDelivery),
    page,
    size,
    count: counted,
    totalPages: Math.ceil(counted / size),
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
