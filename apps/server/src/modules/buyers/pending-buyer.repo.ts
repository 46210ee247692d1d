import { asc, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { buyers, pendingBuyers } from '../../db/schema.ts';

/** A pending record with the buyer of its code as it is now, or null when the code is new. */
export type PendingBuyerRow = {
  pending: typeof pendingBuyers.$inferSelect;
  current: typeof buyers.$inferSelect | null;
};

function selectQueue(db: Db, where: SQL | undefined) {
  return db
    .select({ pending: pendingBuyers, current: buyers })
    .from(pendingBuyers)
    .leftJoin(buyers, eq(buyers.code, pendingBuyers.code))
    .where(where);
}

/**
 * One page of the queue, oldest first, and how many records it holds; `isNew` narrows it to new or to
 * changed buyers, in SQL.
 */
export async function findPendingBuyerPage(
  db: Db,
  query: { isNew?: boolean; page: number; size: number },
): Promise<{ rows: PendingBuyerRow[]; total: number }> {
  const { page, size } = query;
  const where =
    query.isNew === undefined ? undefined : query.isNew ? isNull(buyers.id) : isNotNull(buyers.id);
  const [rows, [total]] = await Promise.all([
    selectQueue(db, where)
      .orderBy(asc(pendingBuyers.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ value: count() })
      .from(pendingBuyers)
      .leftJoin(buyers, eq(buyers.code, pendingBuyers.code))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findPendingBuyer(db: Db, id: number): Promise<PendingBuyerRow | undefined> {
  const [row] = await selectQueue(db, eq(pendingBuyers.id, id));
  return row;
}

/** Locks the pending record, by its id when given, else by its code. */
export async function lockPendingBuyer(tx: Tx, pendingId: number | undefined, code: string) {
  const [pending] = await tx
    .select()
    .from(pendingBuyers)
    .where(pendingId === undefined ? eq(pendingBuyers.code, code) : eq(pendingBuyers.id, pendingId))
    .for('update');
  return pending;
}

export async function deletePendingBuyer(tx: Tx, id: number): Promise<void> {
  await tx.delete(pendingBuyers).where(eq(pendingBuyers.id, id));
}
