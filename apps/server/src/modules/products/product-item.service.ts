import {
  type CreateProductItemBody,
  type EnumDescription,
  type ProductItem,
  sortPackagingGroups,
  type UpdateProductItemBody,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange, storedRow } from '../audit/record-change.ts';
import { assertPackagingKept, itemFrozenSql } from './item-freeze.ts';
import { findProductItem } from './product-item.repo.ts';
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
    after: await storedRow(tx, productItems, id),
  });
  return findProductItem(tx, id);
}

export async function updateProductItem(tx: Tx, actor: Actor, input: UpdateInput): Promise<ProductItem> {
  const { id, version, ...fields } = input;
  await takeNextVersion(tx, 'product_items', id, actor, version);
  const before = await storedRow(tx, productItems, id);
  await withDuplicateMessages(ITEM_CODES, input, () => changeProductItem(tx, id, fields));
  const after = await storedRow(tx, productItems, id);
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
  const [created] = await tx.insert(productItems).values(input).returning({ id: productItems.id });
  return created!.id;
}

/** A frozen item keeps its packaging (409). */
export async function changeProductItem(tx: Tx, id: number, input: ProductItemInput): Promise<void> {
  // The row lock orders this against a sellable product taking the item into its bundle.
  const [current] = await tx
    .select({ id: productItems.id })
    .from(productItems)
    .where(eq(productItems.id, id))
    .for('update');
  if (!current) throw notFound('Ürün bulunamadı.');
  // A statement of its own: its snapshot sees a bundle committed while the lock above was awaited.
  const [state] = await tx
    .select({
      packagingType: productItems.packagingType,
      packagingUnitType: productItems.packagingUnitType,
      packagingUnitTypeAmount: productItems.packagingUnitTypeAmount,
      frozen: itemFrozenSql(productItems.id),
    })
    .from(productItems)
    .where(eq(productItems.id, id));
  if (state!.frozen) assertPackagingKept(state!, input);
  await assertCodesFree(tx, ITEM_CODES, input, id);
  await tx
    .update(productItems)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(productItems.id, id));
}

export async function countProductItems(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(productItems);
  return row?.value ?? 0;
}

/** Packaging groups in use, by their amount in one unit ('1 KILOGRAM' between '500 GRAM' and '1500 GRAM'). */
export async function listItemPackagingGroups(db: Db): Promise<string[]> {
  const rows = await db
    .select({ group: productItems.packagingGroup })
    .from(productItems)
    .groupBy(productItems.packagingGroup);
  return sortPackagingGroups(rows.map((row) => row.group ?? ''));
}

export function listWarehouseStockTypes(): EnumDescription[] {
  return Object.entries(WAREHOUSE_STOCK_TYPE_LABELS).map(([name, label]) => ({ name, label }));
}
