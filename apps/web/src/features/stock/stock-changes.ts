import type { StockLine } from '@mandira/contract/products';
import type {
  InboundType,
  OutboundType,
  StockCountBulkBody,
  StockExportBulkBody,
  StockImportBulkBody,
} from '@mandira/contract/stock';

/** What a quantity field holds: Mantine gives a number, or text while the field is empty or odd. */
export type QuantityInput = number | string | undefined;
/** The modal's quantity per stock line id. */
export type QuantityInputs = Record<number, QuantityInput>;

export const MOVEMENT_TYPE_MISSING = 'Lutfen islem tipini seciniz.';
export const NO_QUANTITY = 'En az bir depo için 0’dan büyük bir miktar giriniz.';

/** Pieces typed into a field: a whole number ≥ 0; empty or unreadable counts as 0 (spec §5). */
export function toPieces(value: QuantityInput): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(number) || number < 0) return 0;
  return Math.trunc(number);
}

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
  const notes = input.notes.trim();
  const moved = input.lines
    .map((line) => ({ id: line.id, pieces: toPieces(input.quantities[line.id]) }))
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
 * The count request: every line with its counted pieces (empty counts as 0, spec §5). The server
 * writes history only for lines whose quantity really changes.
 */
export function countRequest(
  lines: readonly StockLine[],
  counts: QuantityInputs,
  notes: string,
): StockCountBulkBody {
  return {
    updatedStocks: lines.map((line) => ({
      id: line.id,
      quantity: toPieces(counts[line.id]),
      notes: notes.trim(),
    })),
  };
}

/** Pieces a line would hold after the typed movement, for the modal's preview column. */
export function quantityAfter(kind: GoodsKind | 'count', line: StockLine, input: QuantityInput): number {
  const pieces = toPieces(input);
  if (kind === 'count') return pieces;
  return kind === 'import' ? line.quantity + pieces : line.quantity - pieces;
}
