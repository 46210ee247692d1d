import type { ScanAnswer } from '@mandira/contract/scan';
import { wrongItemMessage } from '../../lib/scanning/scan-messages.ts';

/**
 * What a scan fills on a goods-in line (docs/domain/scanning.md): the label's lot and dates, and the
 * pieces it stands for — AI 30 (count), else AI 37 (items in the carton), else a box of the item for a
 * carton's code, else one piece. The types are
 * the goods modal's own lot and quantity inputs, by stock line id.
 */
export type ScannedLot = { code: string; expiryDate: string | null; productionDate: string | null };
export type ScanLots = Record<number, ScannedLot>;
export type ScanQuantities = Record<number, number | undefined>;
export type ScanItem = { id: number; name: string; stockCode: string };

export const otherLotMessage = (code: string) =>
  `Bu depo satırına ${code} partisi girildi; başka bir partiyi ayrı bir girişle kaydediniz.`;

/** The pieces one scan of an item stands for: AI 30, else AI 37, else a box for a carton's code, else one. */
export function piecesOfScan(scan: ScanAnswer): number {
  const perBox = scan.item?.quantityInBox ?? 0;
  const box = scan.matchedBy === 'CARTON_BARCODE' && perBox > 0 ? perBox : 1;
  return scan.count ?? scan.itemCount ?? box;
}

type Fill = { lots: ScanLots; quantities: ScanQuantities; pieces: number; lot: ScannedLot | null };

/** The line's lot and quantity after the scan, or the Turkish reason it is refused. */
export function fillFromScan(
  scan: ScanAnswer,
  item: ScanItem,
  lineId: number,
  current: { lots: ScanLots; quantities: ScanQuantities },
): Fill | { refusal: string } {
  if (scan.item?.id !== item.id) return { refusal: wrongItemMessage(scan.item, item) };
  const pieces = piecesOfScan(scan);
  const had = current.lots[lineId];
  const lot: ScannedLot | null = scan.lotCode
    ? {
        code: scan.lotCode,
        expiryDate: scan.expiryDate ?? scan.bestBeforeDate ?? had?.expiryDate ?? null,
        productionDate: scan.productionDate ?? had?.productionDate ?? null,
      }
    : null;
  const held = had?.code.trim() ?? '';
  if (lot && held !== '' && held !== lot.code && (current.quantities[lineId] ?? 0) > 0) {
    return { refusal: otherLotMessage(held) };
  }
  return {
    pieces,
    lot,
    lots: lot ? { ...current.lots, [lineId]: lot } : current.lots,
    quantities: { ...current.quantities, [lineId]: (current.quantities[lineId] ?? 0) + pieces },
  };
}
