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

type GoodsInput = {
  lines: readonly StockLine[];
  quantities: QuantityInputs;
  movementType: string | null;
  notes: string;
};

export type GoodsRequest =
  | { kind: 'import'; body: StockImportBulkBody }
  | { kind: 'export'; body: StockExportBulkBody };

/**
 * The goods-in or goods-out request of the modal: one change per warehouse with pieces typed in;
 * warehouses left empty or at 0 are not sent. A refusal is the message to show instead.
 */
export function goodsRequest(kind: GoodsKind, input: GoodsInput): GoodsRequest | { refusal: string } {
  if (!input.movementType) return { refusal: MOVEMENT_TYPE_MISSING };
  if (!allReadable(input.lines, input.quantities)) return { refusal: FIX_QUANTITIES };
  const notes = input.notes.trim();
  const moved = input.lines
    .map((line) => ({ id: line.id, pieces: toPieces(input.quantities[line.id]) ?? 0 }))
    .filter((line) => line.pieces > 0);
  if (moved.length === 0) return { refusal: NO_QUANTITY };
  if (kind === 'import') {
    const stockOperationType = input.movementType as InboundType;
    return {
      kind,
      body: {
        stockChange: moved.map((line) => ({
          id: line.id,
          importedQuantity: line.pieces,
          stockOperationType,
          notes,
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
      })),
    },
  };
}

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
): StockCountBulkBody | { refusal: string } {
  if (!allReadable(lines, counts)) return { refusal: FIX_QUANTITIES };
  return {
    updatedStocks: lines.map((line) => ({
      id: line.id,
      quantity: toPieces(counts[line.id]) ?? 0,
      notes: notes.trim(),
    })),
  };
}

/**
 * Pieces a line would hold after the typed movement, for the modal's preview column; a quantity
 * that cannot be moved counts as none. Below 0 means a goods-out larger than the line.
 */
export function quantityAfter(kind: GoodsKind | 'count', line: StockLine, input: QuantityInput): number {
  const pieces = toPieces(input) ?? (kind === 'count' ? line.quantity : 0);
  if (kind === 'count') return pieces;
  return kind === 'import' ? line.quantity + pieces : line.quantity - pieces;
}

/**
 * The stock line a refused request's field concerns: 'stockChange[1].importedQuantity' is the
 * second line sent. `sent` are the line ids in the order the request listed them.
 */
export function lineOfField(field: string | undefined, sent: readonly number[]): number | undefined {
  const index = /^(?:stockChange|updatedStocks)\[(\d+)\]/.exec(field ?? '')?.[1];
  return index === undefined ? undefined : sent[Number(index)];
}

/** The line ids of a request, in its order. */
export function sentLines(body: StockImportBulkBody | StockExportBulkBody | StockCountBulkBody): number[] {
  const lines = 'updatedStocks' in body ? body.updatedStocks : body.stockChange;
  // The web builds these bodies from its own lines, so each id is a number (the schema's input type
  // is `unknown`, since an id may also arrive as the text of a number).
  return lines.map((line) => line.id as number);
}
