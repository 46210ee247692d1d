import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
import { storedRow } from '../audit/record-change.ts';
import { itemFrozenSql } from './item-freeze.ts';

/** The stored fields of an item, as its form (or an approved pending item) writes them. */
export type ProductItemValues = Omit<typeof productItems.$inferInsert, 'id'>;

export async function insertProductItemRow(tx: Tx, values: ProductItemValues): Promise<number> {
  const [created] = await tx.insert(productItems).values(values).returning({ id: productItems.id });
  return created!.id;
}

/** Locks the item's row; undefined when there is none. */
export async function lockProductItem(tx: Tx, id: number) {
  const [current] = await tx
    .select({ id: productItems.id })
    .from(productItems)
    .where(eq(productItems.id, id))
    .for('update');
  return current;
}

/** The item's packaging and whether it is frozen, in a statement of its own (a fresh snapshot). */
export async function itemPackagingState(tx: Tx, id: number) {
  const [state] = await tx
    .select({
      packagingType: productItems.packagingType,
      packagingUnitType: productItems.packagingUnitType,
      packagingUnitTypeAmount: productItems.packagingUnitTypeAmount,
      frozen: itemFrozenSql(productItems.id),
    })
    .from(productItems)
    .where(eq(productItems.id, id));
  return state;
}

export async function updateProductItemRow(tx: Tx, id: number, values: ProductItemValues): Promise<void> {
  await tx
    .update(productItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(productItems.id, id));
}

/** The item's row as the audit trail stores it. */
export const storedProductItem = (tx: Tx, id: number) => storedRow(tx, productItems, id);

export async function countProductItemRows(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(productItems);
  return row?.value ?? 0;
}

/** Every packaging group in use, each once. */
export function findItemPackagingGroups(db: Db) {
  return db
    .select({ group: productItems.packagingGroup })
    .from(productItems)
    .groupBy(productItems.packagingGroup);
}
