import { boxesOf } from '@mandira/contract/stock';
import { formatNumber } from '../../lib/format/format.ts';

/** Pieces with Turkish grouping: '1.250'. */
export function formatPieces(pieces: number): string {
  return formatNumber(pieces, 0);
}

/**
 * '1.250 adet (208 koli)', or without boxes when the item is not sold by the box or the pieces make
 * no whole box ('5 adet', '-1 adet' rather than '-1 adet (-0 koli)').
 */
export function piecesAndBoxes(pieces: number, quantityInBox: number): string {
  const boxes = boxesOf(pieces, quantityInBox);
  const text = `${formatPieces(pieces)} adet`;
  return !boxes ? text : `${text} (${formatPieces(boxes)} koli)`;
}

/** A change with its sign: '+12', '-5', '0'. */
export function signedPieces(change: number): string {
  return change > 0 ? `+${formatPieces(change)}` : formatPieces(change);
}

/**
 * A change in pieces and, when the item has a box size, in boxes to one decimal, since a change
 * need not be whole boxes: '+12 adet (+2 koli)', '-2 adet (-0,3 koli)'; a change of less than a
 * tenth of a box shows pieces only ('-1 adet').
 */
export function signedPiecesAndBoxes(change: number, quantityInBox: number): string {
  const text = `${signedPieces(change)} adet`;
  if (quantityInBox <= 0) return text;
  const boxes = Math.round((change / quantityInBox) * 10) / 10;
  if (boxes === 0) return text;
  const boxText = formatNumber(Math.abs(boxes), 1);
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${text} (${sign}${boxText} koli)`;
}

/** What a line held before and after a change: '40 → 52'. */
export function changeFromTo(quantityChange: number, quantityAfterChange: number): string {
  return `${formatPieces(quantityAfterChange - quantityChange)} → ${formatPieces(quantityAfterChange)}`;
}
