import type { StockLine } from '@mandira/contract/products';
import {
  type InboundType,
  MOVEMENT_TYPE_MISSING,
  type OutboundType,
  type StockCountBulkBody,
  type StockExportBulkBody,
  type StockImportBulkBody,
} from '@mandira/contract/stock';

/** What a quantity field holds: its number, undefined when empty, NaN when its text is no number. */
export type QuantityInput = number | undefined;
/** The modal's quantity per stock line id. */
export type QuantityInputs = Record<number, QuantityInput>;

export const NO_QUANTITY = 'En az bir depo için 0’dan büyük bir miktar giriniz.';
export const NEGATIVE_QUANTITY = 'Miktar 0 veya daha büyük olmalıdır.';
export const FIX_QUANTITIES = 'Hatalı miktarları düzeltiniz.';

/** Pieces typed into a field: a whole number ≥ 0, empty counts as 0; else undefined. */
export function toPieces(value: QuantityInput): number | undefined {
  if (value === undefined) return 0;
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** What is wrong with a quantity beyond what its field says about its text. */
export function quantityError(value: QuantityInput): string | undefined {
  return value !== undefined && value < 0 ? NEGATIVE_QUANTITY : undefined;
}

const allReadable = (lines: readonly StockLine[], quantities: QuantityInputs) =>
  lines.every((line) => toPieces(quantities[line.id]) !== undefined);

export type GoodsKind = 'import' | 'export';

/** The lot typed for a goods-in line: code, and days as 'YYYY-MM-DD' (null while empty). */
export type LotTyped = { code: string; expiryDate: string | null; productionDate: string | null };
export const NO_LOT: LotTyped = { code: '', expiryDate: null, productionDate: null };
/** The goods-in modal's lot per stock line id. */
export type LotInputs = Record<number, LotTyped>;
/** The lot chosen per stock line id in a goods-out or a count; none means FEFO, or the whole line. */
export type LotChoices = Record<number, number | undefined>;
/** What is wrong with a line's lot fields, by field. */
export type LotErrors = Record<
  number,
  Partial<Record<'code' | 'expiryDate' | 'productionDate' | 'lotId', string>>
>;

export const LOT_CODE_MISSING = 'Parti kodu giriniz.';
export const EXPIRY_MISSING = 'Son kullanma tarihini giriniz.';
export const FOOD_LOT_MISSING = 'Gıda ürünlerinde her giriş için parti kodu ve son kullanma tarihi giriniz.';

type GoodsInput = {
  lines: readonly StockLine[];
  quantities: QuantityInputs;
  movementType: string | null;
  notes: string;
  /** Goods-in: the lot typed per line. */
  lots?: LotInputs;
  /** Goods-in of a food item: every line needs its lot (decision 154). */
  lotRequired?: boolean;
  /** Goods-out: the lot chosen per line. */
  lotChoices?: LotChoices;
};

const isBlank = (lot: LotTyped) => lot.code.trim() === '' && !lot.expiryDate && !lot.productionDate;

/**
 * The lot a goods-in line sends: none when its fields are empty (the undated lot), else what was typed,
 * for the contract to judge; a food item's line without code or expiry day is refused on its fields.
 */
function receivedLot(lot: LotTyped, required: boolean) {
  if (isBlank(lot) && !required) return { lot: undefined };
  const missing: LotErrors[number] = {};
  if (required && lot.code.trim() === '') missing.code = LOT_CODE_MISSING;
  if (required && !lot.expiryDate) missing.expiryDate = EXPIRY_MISSING;
  if (Object.keys(missing).length > 0) return { missing };
  return {
    lot: {
      code: lot.code.trim(),
      expiryDate: lot.expiryDate ?? '',
      ...(lot.productionDate ? { productionDate: lot.productionDate } : {}),
    },
  };
}

export type GoodsRequest =
  | { kind: 'import'; body: StockImportBulkBody }
  | { kind: 'export'; body: StockExportBulkBody };

/**
 * The goods-in or goods-out request of the modal: one change per warehouse with pieces typed in;
 * warehouses left empty or at 0 are not sent. A refusal is the message to show instead.
 */
export function goodsRequest(
  kind: GoodsKind,
  input: GoodsInput,
): GoodsRequest | { refusal: string; lotErrors?: LotErrors } {
  if (!input.movementType) return { refusal: MOVEMENT_TYPE_MISSING };
  if (!allReadable(input.lines, input.quantities)) return { refusal: FIX_QUANTITIES };
  const notes = input.notes.trim();
  const moved = input.lines
    .map((line) => ({ id: line.id, pieces: toPieces(input.quantities[line.id]) ?? 0 }))
    .filter((line) => line.pieces > 0);
  if (moved.length === 0) return { refusal: NO_QUANTITY };
  if (kind === 'import') {
    const stockOperationType = input.movementType as InboundType;
    const lots = moved.map((line) =>
      receivedLot(input.lots?.[line.id] ?? NO_LOT, input.lotRequired ?? false),
    );
    const lotErrors: LotErrors = {};
    lots.forEach((lot, index) => {
      if ('missing' in lot) lotErrors[moved[index]!.id] = lot.missing!;
    });
    if (Object.keys(lotErrors).length > 0) return { refusal: FOOD_LOT_MISSING, lotErrors };
    return {
      kind,
      body: {
        stockChange: moved.map((line, index) => ({
          id: line.id,
          importedQuantity: line.pieces,
          stockOperationType,
          notes,
          ...(lots[index]!.lot ? { lot: lots[index]!.lot } : {}),
        })),
      },
    };
  }
  const stockOperationType = input.movementType as OutboundType;
  return {
    kind,
    body: {
      stockChange: moved.map((line) => ({
        id: line.id,
        exportedQuantity: line.pieces,
        stockOperationType,
        notes,
        ...withLot(input.lotChoices?.[line.id]),
      })),
    },
  };
}

const withLot = (lotId: number | undefined) => (lotId === undefined ? {} : { lotId });

/** A count starts from what each line holds now, so a warehouse left alone is left unchanged. */
export function initialCounts(lines: readonly StockLine[]): QuantityInputs {
  return Object.fromEntries(lines.map((line) => [line.id, line.quantity]));
}

/**
 * The count request: every line with its counted pieces (empty counts as 0). The server
 * writes history only for lines whose quantity really changes. A refusal is the message to show instead.
 */
export function countRequest(
  lines: readonly StockLine[],
  counts: QuantityInputs,
  notes: string,
  lotChoices: LotChoices = {},
): StockCountBulkBody | { refusal: string } {
  if (!allReadable(lines, counts)) return { refusal: FIX_QUANTITIES };
  return {
    updatedStocks: lines.map((line) => ({
      id: line.id,
      quantity: toPieces(counts[line.id]) ?? 0,
      notes: notes.trim(),
      ...withLot(lotChoices[line.id]),
    })),
  };
}

/** The lot of a line a goods-out or a count names, if one is chosen and still on the line. */
export function chosenLot(line: StockLine, lotId: number | undefined) {
  return lotId === undefined ? undefined : line.lots.find((lot) => lot.id === lotId);
}

/**
 * Pieces a line would hold after the typed movement, for the modal's preview column; a quantity
 * that cannot be moved counts as none. Below 0 means a goods-out larger than the line.
 */
export function quantityAfter(
  kind: GoodsKind | 'count',
  line: StockLine,
  input: QuantityInput,
  lot?: { quantity: number },
): number {
  const held = lot ? lot.quantity : line.quantity;
  const pieces = toPieces(input) ?? (kind === 'count' ? held : 0);
  if (kind === 'count') return line.quantity - held + pieces;
  if (kind === 'import') return line.quantity + pieces;
  // More than the chosen lot holds is refused as more than the line holds would be.
  return pieces > held ? held - pieces : line.quantity - pieces;
}

/**
 * The stock line a refused request's field concerns: 'stockChange[1].importedQuantity' is the
 * second line sent. `sent` are the line ids in the order the request listed them.
 */
export function lineOfField(field: string | undefined, sent: readonly number[]): number | undefined {
  const index = /^(?:stockChange|updatedStocks)\[(\d+)\]/.exec(field ?? '')?.[1];
  return index === undefined ? undefined : sent[Number(index)];
}

/** The lot field of a line a refused request's field names: 'stockChange[0].lot.expiryDate' → 'expiryDate'. */
export function lotFieldOf(field: string | undefined): keyof LotErrors[number] | undefined {
  const match =
    /^(?:stockChange|updatedStocks)\[\d+\]\.(lot\.(code|expiryDate|productionDate)|lotId)(?:\.|$)/.exec(
      field ?? '',
    );
  if (!match) return undefined;
  return (match[2] ?? 'lotId') as keyof LotErrors[number];
}

/** The line ids of a request, in its order. */
export function sentLines(body: StockImportBulkBody | StockExportBulkBody | StockCountBulkBody): number[] {
  const lines = 'updatedStocks' in body ? body.updatedStocks : body.stockChange;
  // The web builds these bodies from its own lines, so each id is a number (the schema's input type
  // is `unknown`, since an id may also arrive as the text of a number).
  return lines.map((line) => line.id as number);
}
