import { z } from 'zod';
import { idOf, optionalFlag, optionalParam, text } from './fields.ts';
import { LOT_CODE_MAX, LotRef } from './lots.ts';
import { EnumDescription } from './packaging.ts';
import { PageFigures, pagingOf } from './paging.ts';

/**
 * The lots list and a lot's trace, the recall screen 'Parti Takibi' (docs/domain/lots.md, decision 153):
 * which lots an item has and where they lie, and for one lot every load of it — shipment, order, buyer,
 * delivery point — with its totals.
 */

export const LOTS_PAGE_SIZE = 50;
export const LOTS_PAGE_MAX = 200;
/** The farthest `expiringWithinDays` may look ahead: ten years. */
export const EXPIRY_DAYS_MAX = 3650;
const SEARCH_MAX = 100;

const DAYS_MESSAGE = `Gün sayısı 1 ile ${EXPIRY_DAYS_MAX} arasında bir tam sayı olmalıdır.`;
/** A count of days, 1…EXPIRY_DAYS_MAX (1: today and tomorrow); the text of a number from a query is read in decimal digits only. */
const daysAhead = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? undefined : DAYS_MESSAGE) })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(EXPIRY_DAYS_MAX, DAYS_MESSAGE),
);
const searchText = (max: number) =>
  text()
    .trim()
    .max(max, `En fazla ${max} karakter girilebilir.`)
    .transform((value) => value || undefined);

export const LotQuery = z.object({
  productItemId: optionalParam(idOf('Geçerli bir ürün numarası giriniz.')),
  /** Only lots with pieces on hand in this warehouse. */
  warehouseId: optionalParam(idOf('Geçerli bir depo numarası giriniz.')),
  /** Only lots on hand that expire from today up to this many days ahead (not yet expired). */
  expiringWithinDays: optionalParam(daysAhead),
  /** Only lots whose expiry date has passed and that still have pieces on hand. */
  expired: optionalFlag(),
  /** Only lots with pieces on hand. */
  inStock: optionalFlag(),
  /** Part of the lot's printed code, Turkish case-insensitive. */
  code: optionalParam(searchText(LOT_CODE_MAX)),
  /** Part of the lot's code, the item's name or its stock code, Turkish case-insensitive. */
  q: optionalParam(searchText(SEARCH_MAX)),
  ...pagingOf(LOTS_PAGE_MAX),
});
export type LotQuery = z.input<typeof LotQuery>;

export const LotIdParams = z.object({ id: idOf('Geçerli bir parti numarası giriniz.') });

export const LotItem = z
  .object({ id: z.number().int(), name: text(), stockCode: text(), quantityInBox: z.number().int() })
  .meta({ id: 'LotItem', description: 'The stockable item a lot is of.' });

export const LotWarehouseStock = z
  .object({
    warehouseId: z.number().int(),
    warehouse: EnumDescription.describe(
      'The warehouse: its code (DEPO1) as `name`, its short name as `label`.',
    ),
    quantity: z.number().int().describe('Pieces of the lot on hand there.'),
  })
  .meta({ id: 'LotWarehouseStock', description: 'Pieces of a lot on hand in one own warehouse.' });
export type LotWarehouseStock = z.infer<typeof LotWarehouseStock>;

export const LotSummary = LotRef.extend({
  item: LotItem,
  onHand: z.number().int().describe('Pieces on hand in every warehouse.'),
  warehouses: z.array(LotWarehouseStock).describe('On hand per warehouse, warehouses with pieces only.'),
  expired: z.boolean().describe('Whether the expiry date has passed (Istanbul today).'),
  daysLeft: z
    .number()
    .int()
    .nullable()
    .describe('Days from today to the expiry date, negative once expired; null for the undated lot.'),
  createdAt: z.iso.datetime({ offset: true }),
}).meta({ id: 'LotSummary', description: 'A lot with its item and what of it is on hand.' });
export type LotSummary = z.infer<typeof LotSummary>;

export const LotPage = z.object({ lots: z.array(LotSummary), ...PageFigures }).meta({
  id: 'LotPage',
  description: 'One page of lots in FEFO order: earliest expiry first, the undated lots last.',
});
export type LotPage = z.infer<typeof LotPage>;

export const LotLoad = z
  .object({
    shipmentLoadId: z.number().int(),
    loadedAt: z.iso.datetime({ offset: true }),
    pieces: z.number().int().describe('Pieces of this lot the load took (stock pieces of the item).'),
    warehouse: EnumDescription.describe('The own warehouse the pieces left.'),
    shipment: z.object({
      id: z.number().int(),
      code: text(),
      status: EnumDescription,
      createdAt: z.iso.datetime({ offset: true }),
    }),
    order: z.object({
      id: z.number().int(),
      orderNumber: z.number().int(),
      plannedShipmentDate: z.string().nullable(),
    }),
    orderItem: z.object({ id: z.number().int(), productName: text(), status: EnumDescription }),
    buyer: z.object({ id: z.number().int(), code: text(), title: text(), phone: text() }),
    deliveryPoint: z
      .object({ id: z.number().int(), code: text(), title: text() })
      .nullable()
      .describe("The buyer's depot the order is delivered to; null when the order names none."),
    delivered: z
      .boolean()
      .describe(
        'Whether the goods reached the buyer: the shipment is DELIVERED or the item DELIVERED_TO_BUYER.',
      ),
  })
  .meta({ id: 'LotLoad', description: 'Pieces of a lot loaded for an order item onto a shipment.' });
export type LotLoad = z.infer<typeof LotLoad>;

export const LotTotals = z
  .object({
    produced: z
      .number()
      .int()
      .describe('Pieces received into the lot: production, purchase and consignment goods-in.'),
    onHand: z.number().int(),
    shipped: z.number().int().describe('Pieces on the loads of the lot (a reversed load is no longer one).'),
    delivered: z.number().int().describe('Of the shipped, the pieces delivered to their buyer.'),
    returned: z
      .number()
      .int()
      .describe('Pieces that came back into the lot as RETURN_INBOUND: reversed loads and returned goods.'),
    disposed: z.number().int().describe('Pieces taken out as DISPOSAL_OUTBOUND.'),
  })
  .meta({ id: 'LotTotals', description: "A lot's totals, in pieces of its item." });
export type LotTotals = z.infer<typeof LotTotals>;

export const LotTrace = z
  .object({
    lot: LotSummary,
    loads: z.array(LotLoad).describe('Every load of the lot, newest first.'),
    totals: LotTotals,
  })
  .meta({
    id: 'LotTrace',
    description: 'A recall: the lot, where its pieces are on hand, and every buyer it was loaded for.',
  });
export type LotTrace = z.infer<typeof LotTrace>;

/** The recall list's file name: 'Geri Çağırma Listesi <code> <stock code>.pdf'. */
export function recallFileName(lot: { code: string; item: { stockCode: string } }): string {
  const safe = (value: string) => value.replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return `Geri Çağırma Listesi ${safe(lot.code || 'SKT-yok')} ${safe(lot.item.stockCode)}.pdf`;
}
