import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pendingProductItems, productItems } from '../../db/schema.ts';

/** A pending item's fields, as a sync writes them. */
export type PendingItemValues = Omit<typeof pendingProductItems.$inferInsert, 'id' | 'receivedAt'>;

/** The known items of the stock codes. */
export function findItemsWithStockCodes(tx: Tx, stockCodes: string[]) {
  return tx.select().from(productItems).where(inArray(productItems.stockCode, stockCodes));
}

/** Writes the pending record of the values' stock code, new or over the one already waiting. */
export async function upsertPendingItem(tx: Tx, values: PendingItemValues): Promise<void> {
  await tx
    .insert(pendingProductItems)
    .values(values)
    .onConflictDoUpdate({ target: pendingProductItems.stockCode, set: values });
}

export async function deletePendingItemWithStockCode(tx: Tx, stockCode: string): Promise<void> {
  await tx.delete(pendingProductItems).where(eq(pendingProductItems.stockCode, stockCode));
}
