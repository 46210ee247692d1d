import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  type CreateWarehouseBody,
  WAREHOUSE_TYPE_LABELS,
  type Warehouse,
  type WarehouseName,
} from '@mandira/contract/stock';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  countItemsInStock,
  countWarehouseRows,
  findWarehouseNames,
  findWarehouseRow,
  findWarehouseRows,
  insertWarehouse,
  nextWarehouseId,
  type WarehouseRow,
} from './warehouse.repo.ts';

type CreateInput = z.output<typeof CreateWarehouseBody>;

const toWarehouse = (row: WarehouseRow): Warehouse => ({
  ...row,
  warehouseTypeDescription: { name: row.warehouseType, label: WAREHOUSE_TYPE_LABELS[row.warehouseType] },
  createdAt: toIstanbulIso(row.createdAt),
});

export async function listWarehouses(db: Db): Promise<Warehouse[]> {
  const rows = await findWarehouseRows(db);
  return rows.map(toWarehouse);
}

/** The stock locations, as filters and stock tables name them (DEPO1 'Depo-1'). */
export async function listWarehouseNames(db: Db): Promise<WarehouseName[]> {
  return findWarehouseNames(db);
}

/** A new own warehouse is a stock location DEPO{id}; the database gives every item a line in it. */
export async function createWarehouse(tx: Tx, actor: Actor, input: CreateInput): Promise<Warehouse> {
  const id = await nextWarehouseId(tx);
  await insertWarehouse(tx, { ...input, id, name: `DEPO${id}` });
  await stampCreated(tx, 'warehouses', id, actor);
  const row = await findWarehouseRow(tx, id);
  if (!row) throw notFound('Depo bulunamadı.');
  const after = toWarehouse(row);
  await recordChange(tx, actor, { action: 'CREATE', entityType: 'WAREHOUSE', entityId: id, after });
  return after;
}

export async function countWarehouses(db: Db): Promise<number> {
  return countWarehouseRows(db);
}

/** The stockable items with pieces in some warehouse: Ana Sayfa's first step 'stock entered'. */
export async function countStockedItems(db: Db): Promise<number> {
  return countItemsInStock(db);
}
