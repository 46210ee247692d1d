import {
  PackagingType,
  PackagingUnitType,
  type SyncResult,
  WarehouseStockType,
} from '@mandira/contract/products';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { recordChange } from '../audit/record-change.ts';
import { definedOnly } from '../erp/defined-only.ts';
import { type ErpSettings, fetchErpCollection } from '../erp/erp-source.ts';
import { diffItemFields, ITEM_FIELDS, type ItemValues } from './item-diff.ts';
import {
  deletePendingItemWithStockCode,
  findItemsWithStockCodes,
  type PendingItemValues,
  upsertPendingItem,
} from './product-sync.repo.ts';

/**
 * One record of the ERP's `productItems` collection (docs/erp-sync.md). Only the stock code and the
 * name are required: the approver fills in what the ERP does not know. A value that is present must
 * be valid, otherwise the whole answer is refused, so nothing half-understood reaches the queue.
 */
export const ErpProductItem = z.object({
  stockCode: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  barcode: z.string().trim().min(1).max(64).nullish(),
  packagingType: PackagingType.nullish(),
  warehouseStockType: WarehouseStockType.nullish(),
  packagingUnitType: PackagingUnitType.nullish(),
  packagingUnitTypeAmount: z.number().positive().max(1_000_000).nullish(),
  width: z.number().positive().max(10_000).nullish(),
  length: z.number().positive().max(10_000).nullish(),
  height: z.number().positive().max(10_000).nullish(),
  quantityInBox: z.number().int().min(0).max(1_000_000).nullish(),
  notes: z.string().trim().max(2000).nullish(),
});
export type ErpProductItem = z.infer<typeof ErpProductItem>;

type PendingValues = PendingItemValues;

/**
 * The ERP's items, read before any transaction opens (the ERP may be slow); a stock code sent twice: the
 * last record wins.
 */
export async function fetchErpProductItems(erp: ErpSettings): Promise<ErpProductItem[]> {
  return [
    ...new Map(
      (await fetchErpCollection(erp, 'productItems', ErpProductItem)).map((r) => [r.stockCode, r]),
    ).values(),
  ];
}

/**
 * 'Senkronize Et': unknown stock codes become new pending records, known ones whose ERP values
 * differ become pending changes (the known item overlaid with what the ERP sent), unchanged ones
 * leave the queue. Upserting by stock code makes a repeated sync change nothing.
 */
export async function synchronizeProductItems(
  tx: Tx,
  actor: Actor,
  records: readonly ErpProductItem[],
): Promise<SyncResult> {
  const result: SyncResult = { received: records.length, newItems: 0, changedItems: 0, unchangedItems: 0 };
  if (records.length === 0) return result;
  const known = await findItemsWithStockCodes(
    tx,
    records.map((record) => record.stockCode),
  );
  const byCode = new Map(known.map((item) => [item.stockCode, item]));
  for (const record of records) {
    const current = byCode.get(record.stockCode);
    if (!current) {
      await upsertPendingItem(tx, fromErp(record));
      await recordChange(tx, actor, {
        action: 'ERP_SYNC',
        entityType: 'PRODUCT_ITEM',
        entityId: null,
        after: fromErp(record),
      });
      result.newItems += 1;
      continue;
    }
    const proposed = { ...pick(current), ...definedOnly(fromErp(record)) } as PendingValues;
    if (diffItemFields(current, proposed).length > 0) {
      await upsertPendingItem(tx, proposed);
      // The ERP's change waits for approval; the entry says what it proposes.
      await recordChange(tx, actor, {
        action: 'ERP_SYNC',
        entityType: 'PRODUCT_ITEM',
        entityId: current.id,
        before: pick(current),
        after: proposed,
      });
      result.changedItems += 1;
    } else {
      // A change someone already made by hand, or the ERP took back: nothing is left to approve.
      await deletePendingItemWithStockCode(tx, record.stockCode);
      result.unchangedItems += 1;
    }
  }
  return result;
}

function fromErp(record: ErpProductItem): PendingValues {
  return {
    stockCode: record.stockCode,
    name: record.name,
    barcode: record.barcode ?? null,
    packagingType: record.packagingType ?? null,
    warehouseStockType: record.warehouseStockType ?? null,
    packagingUnitType: record.packagingUnitType ?? null,
    packagingUnitTypeAmount: record.packagingUnitTypeAmount ?? null,
    width: record.width ?? null,
    length: record.length ?? null,
    height: record.height ?? null,
    quantityInBox: record.quantityInBox ?? null,
    notes: record.notes ?? null,
  };
}

function pick(item: ItemValues): ItemValues {
  return Object.fromEntries(ITEM_FIELDS.map((field) => [field, item[field]]));
}
