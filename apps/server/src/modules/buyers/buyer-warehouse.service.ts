import type {
  BuyerWarehouse,
  BuyerWarehouseQuery,
  CreateBuyerWarehouseBody,
  UpdateBuyerWarehouseBody,
} from '@mandira/contract/buyers';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { buyers, buyerWarehouses } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest, duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange, storedRow } from '../audit/record-change.ts';
import { nearestCity } from '../routing/turkish-provinces.ts';

type CreateInput = z.output<typeof CreateBuyerWarehouseBody>;
type UpdateInput = z.output<typeof UpdateBuyerWarehouseBody>;
type ListQuery = z.output<typeof BuyerWarehouseQuery>;

const NOT_FOUND = 'Müşteri deposu bulunamadı.';

/** The buyer's title is read through the join, so a renamed buyer shows its new title everywhere. */
function selectWarehouses(db: Db | Tx) {
  return db
    .select({
      id: buyerWarehouses.id,
      buyerId: buyerWarehouses.buyerId,
      buyerTitle: buyers.title,
      buyerCode: buyers.code,
      code: buyerWarehouses.code,
      title: buyerWarehouses.title,
      latitude: buyerWarehouses.latitude,
      longitude: buyerWarehouses.longitude,
      version: buyerWarehouses.version,
    })
    .from(buyerWarehouses)
    .innerJoin(buyers, eq(buyers.id, buyerWarehouses.buyerId));
}

/** The province a picker names beside the warehouse (decision 102). */
const withCity = (row: Omit<BuyerWarehouse, 'city'>): BuyerWarehouse => ({
  ...row,
  city: nearestCity(row.latitude, row.longitude)?.name ?? null,
});

export async function listBuyerWarehouses(db: Db, query: ListQuery): Promise<BuyerWarehouse[]> {
  const rows = await selectWarehouses(db)
    .where(query.buyerId === undefined ? undefined : eq(buyerWarehouses.buyerId, query.buyerId))
    .orderBy(asc(buyers.title), asc(buyerWarehouses.code), asc(buyerWarehouses.id));
  return rows.map(withCity);
}

export async function createBuyerWarehouse(
  tx: Tx,
  actor: Actor,
  input: CreateInput,
): Promise<BuyerWarehouse> {
  return withDuplicateCode(input.code, async () => {
    const fields = await fieldsOf(tx, input);
    const [created] = await tx.insert(buyerWarehouses).values(fields).returning({ id: buyerWarehouses.id });
    await stampCreated(tx, 'buyer_warehouses', created!.id, actor);
    const after = await readOne(tx, created!.id);
    await recordChange(tx, actor, {
      action: 'CREATE',
      entityType: 'BUYER_WAREHOUSE',
      entityId: after.id,
      after,
    });
    return after;
  });
}

export async function updateBuyerWarehouse(
  tx: Tx,
  actor: Actor,
  input: UpdateInput,
): Promise<BuyerWarehouse> {
  return withDuplicateCode(input.code, async () => {
    await takeNextVersion(tx, 'buyer_warehouses', input.id, actor, input.version);
    const before = await storedRow(tx, buyerWarehouses, input.id);
    const fields = await fieldsOf(tx, input, input.id);
    const [updated] = await tx
      .update(buyerWarehouses)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(buyerWarehouses.id, input.id))
      .returning({ id: buyerWarehouses.id });
    if (!updated) throw notFound(NOT_FOUND);
    const after = await readOne(tx, updated.id);
    const stored = await storedRow(tx, buyerWarehouses, input.id);
    await recordChange(tx, actor, {
      action: 'UPDATE',
      entityType: 'BUYER_WAREHOUSE',
      entityId: after.id,
      before,
      after: stored,
    });
    return after;
  });
}

async function readOne(tx: Tx, id: number): Promise<BuyerWarehouse> {
  const [warehouse] = await selectWarehouses(tx).where(eq(buyerWarehouses.id, id));
  return withCity(warehouse!);
}

/** The stored fields, once the buyer is known and the code is free among the buyer's warehouses. */
async function fieldsOf(tx: Tx, input: CreateInput, exceptId?: number) {
  // The share lock keeps the buyer from being removed while its warehouse is written.
  const [buyer] = await tx
    .select({ id: buyers.id })
    .from(buyers)
    .where(eq(buyers.id, input.buyerId))
    .for('share');
  if (!buyer)
    throw badRequest(`Müşteri bulunamadı: ${input.buyerId} numaralı müşteri kayıtlı değil.`, 'buyerId');
  const [taken] = await tx
    .select({ id: buyerWarehouses.id })
    .from(buyerWarehouses)
    .where(
      and(
        eq(buyerWarehouses.buyerId, input.buyerId),
        eq(buyerWarehouses.code, input.code),
        exceptId === undefined ? undefined : ne(buyerWarehouses.id, exceptId),
      ),
    );
  if (taken) throw codeTaken(input.code);
  return {
    buyerId: input.buyerId,
    code: input.code,
    title: input.title,
    latitude: input.latitude,
    longitude: input.longitude,
  };
}

function codeTaken(code: string) {
  return duplicate(`Bu müşterinin '${code}' kodlu bir deposu zaten kayıtlı.`);
}

async function withDuplicateCode<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}
