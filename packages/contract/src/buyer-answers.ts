import { z } from 'zod';
import { BUYER_LABELS } from './field-labels.ts';
import { text } from './fields.ts';
import { recordVersion } from './record-version.ts';

/**
 * What the buyer calls answer (docs/domain/buyers.md): buyers, the ERP sync's counts, the approval
 * queue and the buyers' delivery warehouses. `buyers.ts` re-exports them beside the requests.
 */

export const Buyer = z
  .object({
    id: z.number().int().describe("The buyer's record id."),
    code: text().describe('Unique among buyers; the ERP matches its records to buyers by it.'),
    title: text(),
    name: text().describe("'' when not known."),
    surname: text().describe("'' when not known."),
    email: text().describe("'' when not known."),
    phone1: text().describe("'' when not known."),
    phone2: text().describe("'' when not known."),
    tckn: text().nullable().describe('T.C. kimlik no of a sole proprietor, 11 digits; null when none.'),
    vkn: text().nullable().describe('Vergi kimlik no of a company, 10 digits; null when none.'),
    taxOffice: text().describe("'' when not known."),
    addressMain: text().describe("'' when not known."),
    addressSecondary: text().describe("'' when not known."),
    minRemainingShelfLifeDays: z
      .number()
      .int()
      .nullable()
      .describe(
        'Days of shelf life goods must have left on arrival; loading skips lots expiring sooner. Null when the buyer asks none.',
      ),
    version: recordVersion,
  })
  .meta({ id: 'Buyer' });
export type Buyer = z.infer<typeof Buyer>;

/** Counts of one ERP buyer sync run. */
export const BuyerSyncResult = z
  .object({
    received: z.number().int().describe('Buyer records the ERP sent (a code sent twice counts once).'),
    newBuyers: z.number().int().describe('Codes no buyer has: queued for approval as new buyers.'),
    changedBuyers: z
      .number()
      .int()
      .describe('Known buyers whose ERP values differ: queued for approval as changes.'),
    unchangedBuyers: z
      .number()
      .int()
      .describe('Known buyers the ERP agrees with: any pending record of theirs left the queue.'),
  })
  .meta({ id: 'BuyerSyncResult' });
export type BuyerSyncResult = z.infer<typeof BuyerSyncResult>;

type BuyerField = keyof typeof BUYER_LABELS;

/** One field of a pending change: the buyer's value now, and what the ERP sent. */
export const BuyerChange = z
  .object({
    field: z.enum(Object.keys(BUYER_LABELS) as [BuyerField, ...BuyerField[]]),
    label: text().describe("The field's Turkish label, e.g. 'Ünvan'."),
    oldValue: text().nullable().describe("The buyer's value now; null when it has none."),
    newValue: text().nullable().describe('What the ERP sent.'),
  })
  .meta({ id: 'BuyerChange' });
export type BuyerChange = z.infer<typeof BuyerChange>;

/**
 * A buyer record from the ERP waiting for approval (docs/domain/erp-sync.md). What the ERP did not
 * send is null. `isNew`, `buyerId` and `changes` are worked out against the current buyer when read.
 */
export const PendingBuyer = z
  .object({
    id: z
      .number()
      .int()
      .describe("The pending record's id (the approval queue's), not a buyer's id: see `buyerId`."),
    isNew: z.boolean().describe('True when no buyer has this code: approving it creates a buyer.'),
    /** The buyer this record would update (isNew false). */
    buyerId: z
      .number()
      .int()
      .nullable()
      .describe('The buyer with this code, which approving would update; null when `isNew`.'),
    code: text(),
    title: text(),
    name: text().nullable(),
    surname: text().nullable(),
    email: text().nullable(),
    phone1: text().nullable(),
    phone2: text().nullable(),
    tckn: text().nullable(),
    vkn: text().nullable(),
    taxOffice: text().nullable(),
    addressMain: text().nullable(),
    addressSecondary: text().nullable(),
    changes: z
      .array(BuyerChange)
      .describe('The fields where the ERP differs from the buyer now; empty for a new buyer.'),
    receivedAt: z.iso
      .datetime({ offset: true })
      .describe('When the ERP sync last wrote this record (UTC, `Z`).'),
  })
  .meta({ id: 'PendingBuyer' });
export type PendingBuyer = z.infer<typeof PendingBuyer>;

export const PendingBuyerPage = z
  .object({
    totalPages: z.number().int().describe('0 when the queue (as filtered) is empty.'),
    page: z.number().int(),
    size: z.number().int(),
    count: z.number().int().describe('Pending records of the whole filtered queue.'),
    buyers: z.array(PendingBuyer).describe('This page of the queue, oldest first.'),
  })
  .meta({ id: 'PendingBuyerPage' });
export type PendingBuyerPage = z.infer<typeof PendingBuyerPage>;

export const BuyerWarehouse = z
  .object({
    id: z.number().int().describe("The warehouse's record id: an order's `buyerBranch`."),
    buyerId: z.number().int(),
    buyerTitle: text().describe("The buyer's title now."),
    code: text().describe("Unique among the buyer's warehouses."),
    title: text(),
    latitude: z.number().nullable().describe('Degrees (WGS 84, six decimals); null when not given.'),
    longitude: z
      .number()
      .nullable()
      .describe('Degrees (WGS 84, six decimals); null exactly when `latitude` is.'),
    /** The buyer's code, and the province nearest the coordinates (null without them): pickers show both. */
    buyerCode: text(),
    city: z.string().nullable().describe('The Turkish province nearest the coordinates; null without them.'),
    version: recordVersion,
  })
  .meta({ id: 'BuyerWarehouse' });
export type BuyerWarehouse = z.infer<typeof BuyerWarehouse>;
