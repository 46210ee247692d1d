import { type BuyerSyncResult, buyerFields } from '@mandira/contract/buyers';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { recordChange } from '../audit/record-change.ts';
import { definedOnly } from '../erp/defined-only.ts';
import { type ErpSettings, fetchErpCollection } from '../erp/erp-source.ts';
import { BUYER_FIELDS, type BuyerValues, diffBuyerFields } from './buyer-diff.ts';
import {
  deletePendingBuyerWithCode,
  findBuyersWithCodes,
  type PendingBuyerValues,
  upsertPendingBuyer,
} from './buyer-sync.repo.ts';

/** From the ERP a blank value means "not known", like a missing one. */
const known = <T extends z.ZodType<string | null>>(field: T) =>
  field.transform((value) => (value === '' ? null : value));

/**
 * One record of the ERP's `buyers` collection (docs/erp-sync.md). Only code and title are required;
 * a value that is present must pass the buyer form's rules (a valid TCKN, a 10-digit VKN, an e-mail
 * address), otherwise the whole answer is refused and nothing half-understood reaches the queue.
 */
export const ErpBuyer = z.object({
  code: buyerFields.code,
  title: buyerFields.title,
  name: known(buyerFields.name),
  surname: known(buyerFields.surname),
  email: known(buyerFields.email),
  phone1: known(buyerFields.phone1),
  phone2: known(buyerFields.phone2),
  tckn: buyerFields.tckn,
  vkn: buyerFields.vkn,
  taxOffice: known(buyerFields.taxOffice),
  addressMain: known(buyerFields.addressMain),
  addressSecondary: known(buyerFields.addressSecondary),
});
export type ErpBuyer = z.output<typeof ErpBuyer>;

type PendingValues = PendingBuyerValues;

/**
 * The ERP's buyers, read before any transaction opens (the ERP may be slow); a code sent twice: the last
 * record wins.
 */
export async function fetchErpBuyers(erp: ErpSettings): Promise<ErpBuyer[]> {
  const fetched = await fetchErpCollection(erp, 'buyers', ErpBuyer);
  return [...new Map(fetched.map((record) => [record.code, record])).values()];
}

/**
 * 'Senkronize Et': unknown codes become new pending buyers, known ones whose ERP values differ become
 * pending changes (the buyer overlaid with what the ERP sent), unchanged ones leave the queue.
 * Upserting by code makes a repeated sync change nothing. One transaction for the whole delivery.
 */
export async function synchronizeBuyers(
  tx: Tx,
  actor: Actor,
  records: readonly ErpBuyer[],
): Promise<BuyerSyncResult> {
  const result = { received: records.length, newBuyers: 0, changedBuyers: 0, unchangedBuyers: 0 };
  if (records.length === 0) return result;
  const current = await findBuyersWithCodes(
    tx,
    records.map((record) => record.code),
  );
  const byCode = new Map(current.map((buyer) => [buyer.code, buyer]));
  for (const record of records) {
    const buyer = byCode.get(record.code);
    if (!buyer) {
      await upsertPendingBuyer(tx, record);
      await recordChange(tx, actor, {
        action: 'ERP_SYNC',
        entityType: 'BUYER',
        entityId: null,
        after: record,
      });
      result.newBuyers += 1;
    } else if (diffBuyerFields(buyer, record).length > 0) {
      const pending = { ...pick(buyer), ...definedOnly(record) } as PendingValues;
      await upsertPendingBuyer(tx, pending);
      // The ERP's change waits for approval; the entry says what it proposes.
      await recordChange(tx, actor, {
        action: 'ERP_SYNC',
        entityType: 'BUYER',
        entityId: buyer.id,
        before: pick(buyer),
        after: pending,
      });
      result.changedBuyers += 1;
    } else {
      // Changed by hand meanwhile, or taken back by the ERP: nothing is left to approve.
      await deletePendingBuyerWithCode(tx, record.code);
      result.unchangedBuyers += 1;
    }
  }
  return result;
}

function pick(buyer: BuyerValues): BuyerValues {
  return Object.fromEntries(BUYER_FIELDS.map((field) => [field, buyer[field]]));
}
