import type {
  ApprovePendingProductItemBody,
  PendingProductItem,
  ProductItem,
} from '@mandira/contract/products';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { diffItemFields } from './item-diff.ts';
import {
  deletePendingItem,
  findItemWithStockCode,
  findPendingItemRows,
  lockPendingItem,
} from './pending-item.repo.ts';
import { findProductItem } from './product-item.repo.ts';
import { changeProductItem, insertProductItem } from './product-item.service.ts';
import { storedProductItem } from './product-item-writes.repo.ts';
import { ITEM_CODES, withDuplicateMessages } from './unique-codes.ts';

type ApproveInput = z.output<typeof ApprovePendingProductItemBody>;

const NOT_FOUND = 'Onay bekleyen ürün bulunamadı.';

/**
 * The approval queue. Whether a record is new and what it changes are worked out against the item
 * as it is now, so the screen never shows a stale old → new after someone edited the item.
 */
export async function listPendingItems(db: Db, id?: number): Promise<PendingProductItem[]> {
  const rows = await findPendingItemRows(db, id);
  return rows.map(({ pending, current, frozen }) => ({
    ...pending,
    receivedAt: pending.receivedAt.toISOString(),
    isNew: current === null,
    productItemId: current?.id ?? null,
    frozen: current !== null && frozen,
    changes: current ? diffItemFields(current, pending) : [],
  }));
}

/** The approval screen reads the first element of the answer, so one record comes as a list of one. */
export async function getPendingItem(db: Db, id: number): Promise<PendingProductItem[]> {
  const found = await listPendingItems(db, id);
  if (found.length === 0) throw notFound(NOT_FOUND);
  return found;
}

/**
 * 'Ürünü Tanımla': defines the item from the approver's form (same rules as the item form) and
 * takes the record off the queue, in one transaction. A record of a known stock code updates it.
 */
export async function approvePendingItem(tx: Tx, actor: Actor, input: ApproveInput): Promise<ProductItem> {
  const { id: pendingId, ...fields } = input;
  const itemId = await withDuplicateMessages(ITEM_CODES, fields, async () => {
    const pending = await lockPendingItem(tx, pendingId, fields.stockCode);
    if (!pending) throw notFound(NOT_FOUND);
    const existing = await findItemWithStockCode(tx, pending.stockCode);
    let id: number;
    const before = existing ? await storedProductItem(tx, existing.id) : null;
    if (existing) {
      await takeNextVersion(tx, 'product_items', existing.id, actor);
      await changeProductItem(tx, existing.id, fields);
      id = existing.id;
    } else {
      id = await insertProductItem(tx, fields);
      await stampCreated(tx, 'product_items', id, actor);
    }
    await deletePendingItem(tx, pending.id);
    const after = await storedProductItem(tx, id);
    await recordChange(tx, actor, {
      action: 'APPROVE',
      entityType: 'PRODUCT_ITEM',
      entityId: id,
      before,
      after,
    });
    return id;
  });
  return findProductItem(tx, itemId);
}
