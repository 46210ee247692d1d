import type { OrderItemStatus } from '@mandira/contract/order-machines';
import type { Order, OrderItem } from '@mandira/contract/orders';
import type { ScanAnswer } from '@mandira/contract/scan';
import { formatNumber } from '../../lib/format/format.ts';
import {
  type ScanLine,
  scanMatchesLine,
  scannedName,
  scannedPieces,
} from '../../lib/scanning/order-line-match.ts';
import { notInOrderMessage } from '../../lib/scanning/scan-messages.ts';

/**
 * Preparation by scanning (docs/domain/scanning.md): the boxes put together for an order are scanned and
 * counted against its lines, on the device only — the server still takes the step ('Hazırlandı, Yüklemeye
 * Geç') when the clerk asks for it.
 */

/** The item statuses of an order being prepared: in preparation, or prepared and waiting for the truck. */
export const PREPARATION_STATUSES: readonly OrderItemStatus[] = ['PREPARING', 'PREPARED_WAITING_FOR_LOADING'];

export const isInPreparation = (item: OrderItem) =>
  PREPARATION_STATUSES.includes(item.statusDescription.name as OrderItemStatus);

/** The order's lines a scan is checked against. */
export const preparationLines = (order: Order) => order.orderItems.filter(isInPreparation);

/** Pieces counted so far, per order item id. */
export type PreparedCounts = Record<number, number>;

/** What a line asks for: whole boxes when the product is sold by the box, else pieces. */
export function lineTarget(item: OrderItem) {
  return item.quantityInBox > 0
    ? { unit: 'koli' as const, total: Math.ceil(item.quantity / item.quantityInBox) }
    : { unit: 'adet' as const, total: item.quantity };
}

/** The counted pieces as the line's unit: full boxes, or pieces. */
export function countedUnits(item: OrderItem, pieces: number) {
  return item.quantityInBox > 0 ? Math.floor(pieces / item.quantityInBox) : pieces;
}

/** Every piece the line asks for has been counted. */
export const isCounted = (item: OrderItem, pieces: number) => pieces >= item.quantity;

/** '3 / 10 koli okundu'. */
export function progressText(item: OrderItem, pieces: number) {
  const { unit, total } = lineTarget(item);
  return `${formatNumber(countedUnits(item, pieces))} / ${formatNumber(total)} ${unit} okundu`;
}

const scanLineOf = (item: OrderItem): ScanLine => ({
  ...item,
  contentBarcodes: item.productContent.map((one) => one.barcode),
});

const namedLine = (item: OrderItem) => ({
  name: item.productName,
  stockCode: item.stockCode ?? item.barcode ?? '—',
});

export function fullLineMessage(item: OrderItem) {
  const { unit, total } = lineTarget(item);
  return `${item.productName} kaleminin tamamı okundu (${formatNumber(total)} ${unit}). Fazlasını ayırınız.`;
}

/**
 * The line a scanned box counts on — the first of the order's lines of its product with pieces still to
 * count — and the pieces it stands for; or the Turkish reason it is refused: a box of no line of the
 * order, or one more box than the lines ask for.
 */
export function countScan(
  scan: ScanAnswer,
  lines: readonly OrderItem[],
  counts: PreparedCounts,
): { itemId: number; pieces: number } | { refusal: string } {
  const matching = lines.filter((item) => scanMatchesLine(scan, scanLineOf(item)));
  if (matching.length === 0) return { refusal: notInOrderMessage(scannedName(scan), lines.map(namedLine)) };
  const open = matching.find((item) => !isCounted(item, counts[item.id] ?? 0));
  if (!open) return { refusal: fullLineMessage(matching[0]!) };
  return { itemId: open.id, pieces: scannedPieces(scan, scanLineOf(open)) };
}

/** A tap on '+1' or '−1': one box (or one piece) more or less, never below 0. */
export function stepCount(item: OrderItem, pieces: number, direction: 1 | -1) {
  const unit = item.quantityInBox > 0 ? item.quantityInBox : 1;
  return Math.max(0, pieces + direction * unit);
}
