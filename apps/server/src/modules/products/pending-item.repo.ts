import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pendingProductItems, productItems } from '../../db/schema.ts';
import { itemFrozenSql } from './item-freeze.ts';

/** The queue (or one record of it), oldest first, each with the item of its stock code as it is now. */
export function findPendingItemRows(db: Db, id?: number) {
  return db
    .select({ pending: pendingProductItems, current: productItems, frozen: itemFrozenSql(productItems.id) })
    .from(pendingProductItems)
    .leftJoin(productItems, eq(productItems.stockCode, pendingProductItems.stockCode))
    .where(id === undefined ? undefined : eq(pendingProductItems.id, id))
    .orderBy(asc(pendingProductItems.id));
}

/** Locks the pending record, by its id when given, else by its stock code. */
export async function lockPendingItem(tx: Tx, pendingId: number | undefined, stockCode: string) {
  const [pending] = await tx
    .select({ id: pendingProductItems.id, stockCode: pendingProductItems.stockCode })
    .from(pendingProductItems)
    .where(
      pendingId === undefined
        ? eq(pendingProductItems.stockCode, stockCode)
        : eq(pendingProductItems.id, pendingId),
    )
    .for('update');
  return pending;
}

export async function findItemWithStockCode(tx: Tx, stockCode: string) {
  const [existing] = await tx
    .select({ id: productItems.id })
    .from(productItems)
    .where(eq(productItems.stockCode, stockCode));
  return existing;
}

export async function deletePendingItem(tx: Tx, id: number): Promise<void> {
  await tx.delete(pendingProductItems).where(eq(pendingProductItems.id, id));
}
