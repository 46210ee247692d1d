import {
  type CreateProductItemBody,
  type EnumDescription,
  type ProductItem,
  sortPackagingGroups,
  type UpdateProductItemBody,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { assertPackagingKept } from './item-freeze.ts';
import { findProductItem } from './product-item.repo.ts';
import {
  countProductItemRows,
  findItemPackagingGroups,
  insertProductItemRow,
  itemPackagingState,
  lockProductItem,
  storedProductItem,
  updateProductItemRow,
} from './product-item-writes.repo.ts';
import { assertCodesFree, ITEM_CODES, withDuplicateMessages } from './unique-codes.ts';

export type ProductItemInput = z.output<typeof CreateProductItemBody>;
type UpdateInput = z.output<typeof UpdateProductItemBody>;

export async function createProductItem(tx: Tx, actor: Actor, input: ProductItemInput): Promise<ProductItem> {
  const id = await withDuplicateMessages(ITEM_CODES, input, () => insertProductItem(tx, input));
  await stampCreated(tx, 'product_items', id, actor);
  await recordChange(tx, actor, {
    action: 'CREATE',
    entityType: 'PRODUCT_ITEM',
    entityId: id,
    after: await storedProductItem(tx, id),
  });
  return findProductItem(tx, id);
}

export async function updateProductItem(tx: Tx, actor: Actor, input: UpdateInput): Promise<ProductItem> {
  const { id, version, ...fields } = input;
  await takeNextVersion(tx, 'product_items', id, actor, version);
  const before = await storedProductItem(tx, id);
  await withDuplicateMessages(ITEM_CODES, input, () => changeProductItem(tx, id, fields));
  const after = await storedProductItem(tx, id);
  await recordChange(tx, actor, {
    action: 'UPDATE',
    entityType: 'PRODUCT_ITEM',
    entityId: id,
    before,
    after,
  });
  return findProductItem(tx, id);
}

/** The approval of a pending item defines an item this way too. */
export async function insertProductItem(tx: Tx, input: ProductItemInput): Promise<number> {
  await assertCodesFree(tx, ITEM_CODES, input);
  return insertProductItemRow(tx, input);
}

/** A frozen item keeps its packaging (409). */
export async function changeProductItem(tx: Tx, id: number, input: ProductItemInput): Promise<void> {
  // The row lock orders this against a sellable product taking the item into its bundle.
  const current = await lockProductItem(tx, id);
  if (!current) throw notFound('Ürün bulunamadı.');
  // A statement of its own: its snapshot sees a bundle committed while the lock above was awaited.
  const state = await itemPackagingState(tx, id);
  if (state!.frozen) assertPackagingKept(state!, input);
  await assertCodesFree(tx, ITEM_CODES, input, id);
  await updateProductItemRow(tx, id, input);
}

export async function countProductItems(db: Db): Promise<number> {
  return countProductItemRows(db);
}

/** Packaging groups in use, by their amount in one unit ('1 KILOGRAM' between '500 GRAM' and '1500 GRAM'). */
export async function listItemPackagingGroups(db: Db): Promise<string[]> {
  const rows = await findItemPackagingGroups(db);
  return sortPackagingGroups(rows.map((row) => row.group ?? ''));
}

export function listWarehouseStockTypes(): EnumDescription[] {
  return Object.entries(WAREHOUSE_STOCK_TYPE_LABELS).map(([name, label]) => ({ name, label }));
}
