import { z } from 'zod';
import { day, idOf, NOT_A_NUMBER, optionalParam, text } from './fields.ts';
import {
  EXPIRED_LOT_ONLY_AS_RETURN,
  isExpired,
  LotInput,
  LotRef,
  lotIdField,
  todayInIstanbul,
} from './lots.ts';
import { COUNT_LIMIT, countCapped } from './paging.ts';
import { EnumDescription, isAllFilter, ProductItem, ProductItemFilters } from './products.ts';
import { optionalText } from './warehouses.ts';

// The own warehouses live in warehouses.ts; their importers keep this path.
export {
  CreateWarehouseBody,
  DEFAULT_WAREHOUSE_TYPE,
  StockedItemCount,
  WAREHOUSE_MAP_CENTER,
  WAREHOUSE_MAP_ZOOM,
  WAREHOUSE_TYPE_LABELS,
  Warehouse,
  WarehouseCount,
  WarehouseList,
  WarehouseName,
  WarehouseNameList,
  WarehouseType,
} from './warehouses.ts';

// ---------- movements ----------

export const INBOUND_TYPE_LABELS = {
  PRODUCTION_INBOUND: 'Üretimden Mal Girişi',
  RETURN_INBOUND: 'İade Girişi',
  CONSIGNMENT_INBOUND: 'Emanet Girişi',
  TRANSFER_INBOUND: 'Depo Transfer Girişi',
  PURCHASE_INBOUND: 'Satın Alma Girişi',
} as const;
export const OUTBOUND_TYPE_LABELS = {
  SHIPMENT_OUTBOUND: 'Sevkiyat Çıkışı',
  RETAIL_OUTBOUND: 'Perakende Çıkış',
  INDIVIDUAL_OUTBOUND: 'Bireysel Çıkış',
  TRANSFER_OUTBOUND: 'Depo Transfer Çıkışı',
  DISPOSAL_OUTBOUND: 'İmha Çıkışı',
} as const;
/**
 * Goods-out types that hand goods to someone to eat or sell: without a chosen lot they take the
 * earliest-expiring lots that are not expired. A transfer or a disposal takes expired lots first.
 */
export const SELLING_OUTBOUND_TYPES: readonly OutboundType[] = [
  'SHIPMENT_OUTBOUND',
  'RETAIL_OUTBOUND',
  'INDIVIDUAL_OUTBOUND',
];
/** The third kind of movement: a count that overwrites the line. */
export const STOCK_COUNT_ACTION = 'STOCK_COUNT';
export const STOCK_ACTION_LABELS = {
  ...INBOUND_TYPE_LABELS,
  ...OUTBOUND_TYPE_LABELS,
  [STOCK_COUNT_ACTION]: 'Sayım Düzeltmesi',
} as const;

export type InboundType = keyof typeof INBOUND_TYPE_LABELS;
export type OutboundType = keyof typeof OUTBOUND_TYPE_LABELS;
export type StockAction = keyof typeof STOCK_ACTION_LABELS;
export const StockAction = z.enum(Object.keys(STOCK_ACTION_LABELS) as [StockAction, ...StockAction[]], {
  error: `Geçersiz işlem tipi; beklenen: ${Object.keys(STOCK_ACTION_LABELS).join(', ')}`,
});

export const MOVEMENT_TYPE_MISSING = 'Lütfen işlem tipini seçiniz.';
/** A movement type of the given direction; an enum, so the API description lists the choices. */
const movementType = <T extends string>(labels: Record<T, string>, direction: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(Object.keys(labels) as [T, ...T[]], {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? MOVEMENT_TYPE_MISSING
          : `Geçersiz ${direction} tipi; beklenen: ${Object.keys(labels).join(', ')}`,
    }),
  );

/** Pieces of a movement: a whole number ≥ 0, missing counts as 0 (docs/domain/stock.md). */
const pieces = z
  .number(NOT_A_NUMBER)
  .int('Miktar tam sayı olmalıdır.')
  .min(0, 'Miktar 0 veya daha büyük olmalıdır.')
  .max(100_000_000, 'Miktar çok büyük.')
  .nullish()
  .transform((value) => value ?? 0);

const lineId = idOf('Geçerli bir stok satırı giriniz.');
const notes = optionalText(1000);

/** One line of a request names a stock line, and within it a lot (a code for goods-in, an id otherwise). */
const lineKey = (line: { id: number; lot?: { code: string } | null; lotId?: number | null }) =>
  `${line.id}:${line.lot?.code ?? ''}:${line.lotId ?? ''}`;

const distinctLines = (lines: { id: number }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const key = lineKey(line);
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `Stok satırı ${line.id} bu istekte aynı parti ile birden fazla kez geçiyor.`,
      });
    }
    seen.add(key);
  });
};
const changeList = <T extends z.ZodType<{ id: number }>>(line: T) =>
  z.array(line).min(1, 'En az bir stok satırı gönderilmelidir.').max(1000).superRefine(distinctLines);

export const StockImportLine = z
  .object({
    id: lineId,
    importedQuantity: pieces,
    stockOperationType: movementType(INBOUND_TYPE_LABELS, 'giriş'),
    notes,
    /** The lot received; without one the pieces go to the item's undated lot ('SKT yok'). */
    lot: LotInput.nullish(),
  })
  .superRefine((line, ctx) => {
    // Returned goods may come back expired (they are never available); nothing else may.
    if (
      line.lot &&
      line.stockOperationType !== 'RETURN_INBOUND' &&
      isExpired(line.lot.expiryDate, todayInIstanbul())
    ) {
      ctx.addIssue({ code: 'custom', path: ['lot', 'expiryDate'], message: EXPIRED_LOT_ONLY_AS_RETURN });
    }
  });
export const StockExportLine = z.object({
  id: lineId,
  exportedQuantity: pieces,
  stockOperationType: movementType(OUTBOUND_TYPE_LABELS, 'çıkış'),
  notes,
  /** The lot taken from; without one the goods-out takes the earliest-expiring lots first (FEFO). */
  lotId: lotIdField.nullish(),
});
export const StockCountLine = z.object({
  id: lineId,
  quantity: pieces,
  notes,
  /** The lot counted; without one the count is of the whole line (decision 151). */
  lotId: lotIdField.nullish(),
});

/** Goods-in to one stock line. */
export const StockImportBody = StockImportLine;
export type StockImportBody = z.input<typeof StockImportBody>;
/** Goods-out from one stock line. */
export const StockExportBody = StockExportLine;
export type StockExportBody = z.input<typeof StockExportBody>;
/** A count of one stock line: its quantity becomes this. */
export const StockCountBody = StockCountLine;
export type StockCountBody = z.input<typeof StockCountBody>;

export const StockImportBulkBody = z.object({ stockChange: changeList(StockImportLine) });
export type StockImportBulkBody = z.input<typeof StockImportBulkBody>;
export const StockExportBulkBody = z.object({ stockChange: changeList(StockExportLine) });
export type StockExportBulkBody = z.input<typeof StockExportBulkBody>;
export const StockCountBulkBody = z.object({ updatedStocks: changeList(StockCountLine) });
export type StockCountBulkBody = z.input<typeof StockCountBulkBody>;

/** Bulk calls answer with the item list, narrowed by the same filters as `GET /product-item`. */
export const StockListQuery = ProductItemFilters;
export const StockItemList = z
  .array(ProductItem)
  .describe(
    "The items the call moved (not the whole list), after the movement, by stock code; each with the lines of the query's warehouse filter.",
  );

// ---------- history ----------

/** A history filter left empty or set to 'all' ('ALL', 'Tumu') means the same as one left out. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && isAllFilter(value) ? undefined : value),
    schema.optional(),
  );

/** 'YYYY-MM-DD', or the screen's 'YYYY-MM-DDT00:00:00' / 'T23:59:59': whole Istanbul days either way. */
const historyDay = day({ cutTime: true });

export const StockHistoryQuery = z
  .object({
    productItemId: optionalFilter(idOf('Geçerli bir ürün numarası giriniz.')),
    warehouseId: optionalFilter(idOf('Geçerli bir depo numarası giriniz.')),
    action: optionalFilter(StockAction),
    lotId: optionalFilter(lotIdField),
    /** First Istanbul day included. */
    startDate: optionalFilter(historyDay),
    /** Last Istanbul day included. */
    endDate: optionalFilter(historyDay),
    /** Paging is optional: without `page` and `size` the newest rows come back as an array. */
    page: optionalParam(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.')),
    size: optionalParam(
      idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.').pipe(
        z.number().max(500, 'Sayfa boyutu en fazla 500 olabilir.'),
      ),
    ),
  })
  .superRefine((query, ctx) => {
    if (query.startDate && query.endDate && query.endDate < query.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'Bitiş tarihi başlangıç tarihinden önce olamaz.',
      });
    }
  });
export type StockHistoryQuery = z.input<typeof StockHistoryQuery>;

/** An unpaged history answer holds at most the newest this many rows, and says so in its headers (decision 113). */
export const STOCK_HISTORY_UNPAGED_LIMIT = 5000;

export const StockHistoryEntry = z
  .object({
    id: z.number().int().describe('The history row id.'),
    productItemId: z.number().int(),
    /** Null when the item is no longer known; screens show '#id'. */
    productItemName: text().nullable(),
    stockCode: text().nullable(),
    /** Pieces in one box of the item, for the change in boxes. */
    quantityInBox: z.number().int(),
    action: EnumDescription.describe(
      'The movement type (a goods-in or goods-out type, or STOCK_COUNT) and its label.',
    ),
    orderId: z.number().int().nullable().describe('The order a shipment movement was for; null otherwise.'),
    lot: LotRef.nullable().describe('The lot the pieces moved in or out of.'),
    quantityChange: z.number().int().describe('Pieces added to the line; negative for a goods-out.'),
    quantityAfterChange: z.number().int().describe("The line's pieces after the movement."),
    warehouseId: z.number().int(),
    wareHouse: EnumDescription.describe(
      'The warehouse: its code (DEPO1) as `name`, its short name as `label`.',
    ),
    /** ISO-8601 with Istanbul's offset. */
    createdAt: z.iso.datetime({ offset: true }).describe("ISO 8601 with Istanbul's offset."),
    notes: text(),
    /** Who did it: name and surname, or the user name. */
    createdBy: text().describe("Who did it: name and surname, or the user name; '' when not known."),
  })
  .meta({ id: 'StockHistoryEntry', description: 'One changed stock line of a movement.' });
export type StockHistoryEntry = z.infer<typeof StockHistoryEntry>;

export const StockHistoryPage = z
  .object({
    entries: z.array(StockHistoryEntry),
    page: z.number().int(),
    size: z.number().int(),
    count: z.number().int(),
    countCapped,
    totalPages: z
      .number()
      .int()
      .describe(
        `0 when nothing matches. Pages reach the newest ${COUNT_LIMIT} rows; a page beyond them is empty (decision 149).`,
      ),
  })
  .meta({
    id: 'StockHistoryPage',
    description: 'One page of the history, newest first, and the count of all that match.',
  });
/** `GET /product-item/stock-history`: the newest rows as an array without `page` and `size`, one page with either. */
export const StockHistoryList = z
  .union([z.array(StockHistoryEntry), StockHistoryPage])
  .describe(
    `Without \`page\` and \`size\`: the newest matching rows, at most ${STOCK_HISTORY_UNPAGED_LIMIT}, newest first (the X-Total-Count header says how many matched; X-Unpaged-Limit is sent when the array holds fewer). With either: one \`StockHistoryPage\`.`,
  );
export type StockHistoryPage = z.infer<typeof StockHistoryPage>;

export function stockActionDescription(action: string): EnumDescription {
  return { name: action, label: STOCK_ACTION_LABELS[action as StockAction] ?? action };
}

/** A box count shown next to pieces: whole boxes, or null when the item is not sold by the box. */
export function boxesOf(pieces: number, quantityInBox: number): number | null {
  return quantityInBox > 0 ? Math.trunc(pieces / quantityInBox) : null;
}
