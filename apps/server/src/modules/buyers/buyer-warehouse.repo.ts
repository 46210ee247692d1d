import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { buyers, buyerWarehouses } from '../../db/schema.ts';
import { storedRow } from '../audit/record-change.ts';

/** The stored fields of a buyer warehouse, as its form writes them. */
export type BuyerWarehouseValues = Omit<typeof buyerWarehouses.$inferInsert, 'id'>;

/** The buyer's title is read through the join, so a renamed buyer shows its new title everywhere. */
function selectWarehouses(db: Db | Tx) {
  return db
    .select({
      id: buyerWarehouses.id,
      buyerId: buyerWarehouses.buyerId,
      buyerTitle: buyers.title,
      buyerCode: buyers.code,
      code: buyerWarehouses.code,
      title: buyerWarehouses.title,
      latitude: buyerWarehouses.latitude,
      longitude: buyerWarehouses.longitude,
      version: buyerWarehouses.version,
    })
    .from(buyerWarehouses)
    .innerJoin(buyers, eq(buyers.id, buyerWarehouses.buyerId));
}

/** The warehouses of one buyer, or of all, by the buyer's title and their code. */
export function findBuyerWarehouses(db: Db, buyerId?: number) {
  return selectWarehouses(db)
    .where(buyerId === undefined ? undefined : eq(buyerWarehouses.buyerId, buyerId))
    .orderBy(asc(buyers.title), asc(buyerWarehouses.code), asc(buyerWarehouses.id));
}

export async function findBuyerWarehouse(tx: Tx, id: number) {
  const [warehouse] = await selectWarehouses(tx).where(eq(buyerWarehouses.id, id));
  return warehouse;
}

/** The warehouse's row as the audit trail stores it. */
export const storedBuyerWarehouse = (tx: Tx, id: number) => storedRow(tx, buyerWarehouses, id);

export async function insertBuyerWarehouse(tx: Tx, fields: BuyerWarehouseValues): Promise<number> {
  const [created] = await tx.insert(buyerWarehouses).values(fields).returning({ id: buyerWarehouses.id });
  return created!.id;
}

/** Writes the warehouse's fields; undefined when its row is gone. */
export async function updateBuyerWarehouseRow(tx: Tx, id: number, fields: BuyerWarehouseValues) {
  const [updated] = await tx
    .update(buyerWarehouses)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(buyerWarehouses.id, id))
    .returning({ id: buyerWarehouses.id });
  return updated;
}

/** The buyer, locked for share: it cannot be removed while its warehouse is written. */
export async function shareLockBuyer(tx: Tx, buyerId: number) {
  const [buyer] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('share');
  return buyer;
}

/** The buyer's other warehouse (not `exceptId`) with the code, if any. */
export async function findWarehouseWithCode(tx: Tx, buyerId: number, code: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: buyerWarehouses.id })
    .from(buyerWarehouses)
    .where(
      and(
        eq(buyerWarehouses.buyerId, buyerId),
        eq(buyerWarehouses.code, code),
        exceptId === undefined ? undefined : ne(buyerWarehouses.id, exceptId),
      ),
    );
  return taken;
}
