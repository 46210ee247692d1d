import type {
  BuyerWarehouse,
  BuyerWarehouseQuery,
  CreateBuyerWarehouseBody,
  UpdateBuyerWarehouseBody,
} from '@mandira/contract/buyers';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest, duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { nearestCity } from '../routing/turkish-provinces.ts';
import {
  findBuyerWarehouse,
  findBuyerWarehouses,
  findWarehouseWithCode,
  insertBuyerWarehouse,
  shareLockBuyer,
  storedBuyerWarehouse,
  updateBuyerWarehouseRow,
} from './buyer-warehouse.repo.ts';

type CreateInput = z.output<typeof CreateBuyerWarehouseBody>;
type UpdateInput = z.output<typeof UpdateBuyerWarehouseBody>;
type ListQuery = z.output<typeof BuyerWarehouseQuery>;

const NOT_FOUND = 'Müşteri deposu bulunamadı.';

/** The province a picker names beside the warehouse (decision 102). */
const withCity = (row: Omit<BuyerWarehouse, 'city'>): BuyerWarehouse => ({
  ...row,
  city: nearestCity(row.latitude, row.longitude)?.name ?? null,
});

export async function listBuyerWarehouses(db: Db, query: ListQuery): Promise<BuyerWarehouse[]> {
  const rows = await findBuyerWarehouses(db, query.buyerId);
  return rows.map(withCity);
}

export async function createBuyerWarehouse(
  tx: Tx,
  actor: Actor,
  input: CreateInput,
): Promise<BuyerWarehouse> {
  return withDuplicateCode(input.code, async () => {
    const fields = await fieldsOf(tx, input);
    const id = await insertBuyerWarehouse(tx, fields);
    await stampCreated(tx, 'buyer_warehouses', id, actor);
    const after = await readOne(tx, id);
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
    const before = await storedBuyerWarehouse(tx, input.id);
    const fields = await fieldsOf(tx, input, input.id);
    const updated = await updateBuyerWarehouseRow(tx, input.id, fields);
    if (!updated) throw notFound(NOT_FOUND);
    const after = await readOne(tx, updated.id);
    const stored = await storedBuyerWarehouse(tx, input.id);
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
  const warehouse = await findBuyerWarehouse(tx, id);
  return withCity(warehouse!);
}

/** The stored fields, once the buyer is known and the code is free among the buyer's warehouses. */
async function fieldsOf(tx: Tx, input: CreateInput, exceptId?: number) {
  // The share lock keeps the buyer from being removed while its warehouse is written.
  const buyer = await shareLockBuyer(tx, input.buyerId);
  if (!buyer)
    throw badRequest(`Müşteri bulunamadı: ${input.buyerId} numaralı müşteri kayıtlı değil.`, 'buyerId');
  const taken = await findWarehouseWithCode(tx, input.buyerId, input.code, exceptId);
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
