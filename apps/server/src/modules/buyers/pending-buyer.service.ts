import type {
  ApproveBuyerBody,
  Buyer,
  BuyerField,
  PendingBuyer,
  PendingBuyerPage,
  PendingBuyerQuery,
} from '@mandira/contract/buyers';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { findBuyerByCode } from './buyer.repo.ts';
import { type BuyerInput, changeBuyer, insertBuyer, withDuplicateCode } from './buyer.service.ts';
import { BUYER_FIELDS, diffBuyerFields } from './buyer-diff.ts';
import {
  deletePendingBuyer,
  findPendingBuyer,
  findPendingBuyerPage,
  lockPendingBuyer,
  type PendingBuyerRow,
} from './pending-buyer.repo.ts';

type ApproveInput = z.output<typeof ApproveBuyerBody>;
type PageQuery = z.output<typeof PendingBuyerQuery>;

const NOT_FOUND = 'Onay bekleyen müşteri bulunamadı.';

/** isNew, buyerId and the old → new list are worked out against the buyer as it is now. */
function toPendingBuyer({ pending, current }: PendingBuyerRow): PendingBuyer {
  return {
    ...pending,
    receivedAt: pending.receivedAt.toISOString(),
    isNew: current === null,
    buyerId: current?.id ?? null,
    changes: current ? diffBuyerFields(current, pending) : [],
  };
}

/** One page of the queue, oldest first; `isNew` narrows it to new or to changed buyers, in SQL. */
export async function listPendingBuyers(db: Db, query: PageQuery): Promise<PendingBuyerPage> {
  const { page, size } = query;
  const { rows, total: counted } = await findPendingBuyerPage(db, query);
  return {
    totalPages: Math.ceil(counted / size),
    page,
    size,
    count: counted,
    buyers: rows.map(toPendingBuyer),
  };
}

export async function getPendingBuyer(db: Db, id: number): Promise<PendingBuyer> {
  const row = await findPendingBuyer(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toPendingBuyer(row);
}

/**
 * 'Müşteriyi Onayla': `create` (POST) defines a new buyer, `update` (PUT) the buyer that has the
 * pending record's code. The values are the buyer as it is (update), overlaid with what the ERP
 * sent, overlaid with the approver's form; the record leaves the queue in the same transaction.
 * `mode` is the request's method.
 */
export async function approvePendingBuyer(
  tx: Tx,
  actor: Actor,
  input: ApproveInput,
  mode: 'create' | 'update',
): Promise<Buyer> {
  const { id: pendingId, ...form } = input;
  return withDuplicateCode(form.code, async () => {
    const pending = await lockPendingBuyer(tx, pendingId, form.code);
    if (!pending) throw notFound(NOT_FOUND);
    const existing = await findBuyerByCode(tx, pending.code);
    let buyer: Buyer;
    if (mode === 'create') {
      // A known code is refused by the unique rule (409): that record is approved with PUT.
      buyer = await insertBuyer(tx, merge(EMPTY_BUYER, pending, form));
      await stampCreated(tx, 'buyers', buyer.id, actor);
    } else {
      if (!existing) {
        throw notFound(`'${pending.code}' kodlu kayıtlı müşteri yok; yeni müşteri olarak onaylanmalıdır.`);
      }
      await takeNextVersion(tx, 'buyers', existing.id, actor);
      buyer = await changeBuyer(tx, existing.id, merge(existing, pending, form));
    }
    await deletePendingBuyer(tx, pending.id);
    await recordChange(tx, actor, {
      action: 'APPROVE',
      entityType: 'BUYER',
      entityId: buyer.id,
      before: existing && mode === 'update' ? existing : null,
      after: buyer,
    });
    return buyer;
  });
}

const EMPTY_BUYER: BuyerInput = {
  code: '',
  title: '',
  name: '',
  surname: '',
  email: '',
  phone1: '',
  phone2: '',
  tckn: null,
  vkn: null,
  taxOffice: '',
  addressMain: '',
  addressSecondary: '',
  minRemainingShelfLifeDays: null,
};

type Values = { [K in BuyerField]?: string | null | undefined };

function merge(base: BuyerInput, pending: Values, form: Values): BuyerInput {
  const merged: Record<string, unknown> = { ...base };
  for (const field of BUYER_FIELDS) {
    const value = form[field] !== undefined ? form[field] : pending[field];
    if (value !== undefined && value !== null) merged[field] = value;
    else if (form[field] === null) merged[field] = null;
  }
  return merged as BuyerInput;
}
