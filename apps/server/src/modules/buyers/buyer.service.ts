import type { Buyer, CreateBuyerBody, UpdateBuyerBody } from '@mandira/contract/buyers';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  countBuyerRows,
  findBuyer,
  findBuyerWithCode,
  insertBuyerRow,
  selectBuyers,
  updateBuyerRow,
} from './buyer.repo.ts';

export { buyerColumns } from './buyer.repo.ts';

export type BuyerInput = z.output<typeof CreateBuyerBody>;
type UpdateInput = z.output<typeof UpdateBuyerBody>;

export const BUYER_NOT_FOUND = 'Müşteri bulunamadı.';

export async function listBuyers(db: Db): Promise<Buyer[]> {
  return selectBuyers(db);
}

export async function countBuyers(db: Db): Promise<number> {
  return countBuyerRows(db);
}

export async function createBuyer(tx: Tx, actor: Actor, input: BuyerInput): Promise<Buyer> {
  const after = await withDuplicateCode(input.code, () => insertBuyer(tx, input));
  await stampCreated(tx, 'buyers', after.id, actor);
  await recordChange(tx, actor, { action: 'CREATE', entityType: 'BUYER', entityId: after.id, after });
  return after;
}

export async function updateBuyer(tx: Tx, actor: Actor, input: UpdateInput): Promise<Buyer> {
  const { id, version, ...fields } = input;
  await takeNextVersion(tx, 'buyers', id, actor, version);
  const before = await findBuyer(tx, id);
  const after = await withDuplicateCode(input.code, () => changeBuyer(tx, id, fields));
  await recordChange(tx, actor, { action: 'UPDATE', entityType: 'BUYER', entityId: id, before, after });
  return after;
}

/** Approving a new pending buyer creates it this way too. */
export async function insertBuyer(tx: Tx, input: BuyerInput): Promise<Buyer> {
  await assertCodeFree(tx, input.code);
  return insertBuyerRow(tx, input);
}

/** 404 when the buyer is gone; a minimum shelf life left out stays as it is. */
export async function changeBuyer(
  tx: Tx,
  id: number,
  input: Omit<BuyerInput, 'minRemainingShelfLifeDays'> & { minRemainingShelfLifeDays?: number | null },
): Promise<Buyer> {
  await assertCodeFree(tx, input.code, id);
  // The version is the record's own (http/record-version.ts), never a value the caller sets.
  const { version: _version, ...fields } = input as BuyerInput & { version?: number };
  const updated = await updateBuyerRow(tx, id, fields);
  if (!updated) throw notFound(BUYER_NOT_FOUND);
  return updated;
}

function codeTaken(code: string) {
  return duplicate(`'${code}' kodlu bir müşteri zaten kayıtlı.`);
}

/** Codes are unique; a readable 409 before writing, naming the code. */
async function assertCodeFree(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const taken = await findBuyerWithCode(tx, code, exceptId);
  if (taken) throw codeTaken(code);
}

/** Two requests racing past the pre-check meet the unique index: the same 409, not a 500. */
export async function withDuplicateCode<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}
