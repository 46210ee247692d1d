import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { buyers, pendingBuyers } from '../../db/schema.ts';

/** A pending buyer's fields, as a sync writes them. */
export type PendingBuyerValues = Omit<typeof pendingBuyers.$inferInsert, 'id' | 'receivedAt'>;

/** The known buyers of the codes. */
export function findBuyersWithCodes(tx: Tx, codes: string[]) {
  return tx.select().from(buyers).where(inArray(buyers.code, codes));
}

/** Writes the pending record of the values' code, new or over the one already waiting. */
export async function upsertPendingBuyer(tx: Tx, values: PendingBuyerValues): Promise<void> {
  await tx
    .insert(pendingBuyers)
    .values(values)
    .onConflictDoUpdate({ target: pendingBuyers.code, set: values });
}

export async function deletePendingBuyerWithCode(tx: Tx, code: string): Promise<void> {
  await tx.delete(pendingBuyers).where(eq(pendingBuyers.code, code));
}
