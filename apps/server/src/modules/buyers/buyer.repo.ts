import type { Buyer, CreateBuyerBody } from '@mandira/contract/buyers';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { buyers } from '../../db/schema.ts';

type BuyerInput = z.output<typeof CreateBuyerBody>;

export const buyerColumns = {
  id: buyers.id,
  code: buyers.code,
  title: buyers.title,
  name: buyers.name,
  surname: buyers.surname,
  email: buyers.email,
  phone1: buyers.phone1,
  phone2: buyers.phone2,
  tckn: buyers.tckn,
  vkn: buyers.vkn,
  taxOffice: buyers.taxOffice,
  addressMain: buyers.addressMain,
  addressSecondary: buyers.addressSecondary,
  minRemainingShelfLifeDays: buyers.minRemainingShelfLifeDays,
  version: buyers.version,
};

export async function selectBuyers(db: Db): Promise<Buyer[]> {
  return db.select(buyerColumns).from(buyers).orderBy(asc(buyers.title), asc(buyers.id));
}

export async function countBuyerRows(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(buyers);
  return row?.value ?? 0;
}

export async function findBuyer(tx: Tx, id: number): Promise<Buyer | undefined> {
  const [buyer] = await tx.select(buyerColumns).from(buyers).where(eq(buyers.id, id));
  return buyer;
}

export async function findBuyerByCode(tx: Tx, code: string): Promise<Buyer | undefined> {
  const [buyer] = await tx.select(buyerColumns).from(buyers).where(eq(buyers.code, code));
  return buyer;
}

export async function insertBuyerRow(tx: Tx, input: BuyerInput): Promise<Buyer> {
  const [created] = await tx.insert(buyers).values(input).returning(buyerColumns);
  return created!;
}

/** Writes the buyer's fields; undefined when its row is gone. */
export async function updateBuyerRow(
  tx: Tx,
  id: number,
  fields: Partial<Omit<BuyerInput, 'minRemainingShelfLifeDays'>> & {
    minRemainingShelfLifeDays?: number | null;
  },
): Promise<Buyer | undefined> {
  const [updated] = await tx
    .update(buyers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(buyers.id, id))
    .returning(buyerColumns);
  return updated;
}

/** Whether another buyer (not `exceptId`) has the code. */
export async function findBuyerWithCode(
  tx: Tx,
  code: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const [taken] = await tx
    .select({ id: buyers.id })
    .from(buyers)
    .where(and(eq(buyers.code, code), exceptId === undefined ? undefined : ne(buyers.id, exceptId)));
  return taken;
}
