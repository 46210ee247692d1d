import type { ProductItem, StockLine } from '@mandira/contract/products';
import type { ScanAnswer } from '@mandira/contract/scan';
import { formatNumber } from '../../lib/format/format.ts';
import { fillFromScan, piecesOfScan } from './goods-scan-fill.ts';
import type { GoodsKind, LotChoices, LotInputs, QuantityInputs } from './stock-changes.ts';

/** What a scan on the goods page fills in the goods modal it opens (docs/domain/scanning.md). */
export type GoodsPrefill = {
  quantities: QuantityInputs;
  lots: LotInputs;
  lotChoices: LotChoices;
  /** What the scan said, shown at the top of the modal. */
  note: string;
};

/** A lot code printed on a label that none of the item's lines holds. */
export const unknownLotNote = (code: string) =>
  `Etiketteki ${code} partisi bu ürünün depolarında yok: partiyi ve miktarı seçiniz.`;

/** The warehouse the page is filtered to comes first; otherwise the item's lines in their order. */
const linesFirst = (lines: readonly StockLine[], warehouseName: string | undefined) => [
  ...lines.filter((line) => line.wareHouse.name === warehouseName),
  ...lines.filter((line) => line.wareHouse.name !== warehouseName),
];

/**
 * Goods-in: the label's pieces, lot and dates on the first line (the filtered warehouse's, if any), as
 * the modal's own scan fills them. Goods-out: when the label's lot is on one of the item's lines, that
 * lot (its `lotId`) and the pieces on that line; else only the item is picked and the clerk chooses.
 */
export function prefillFromScan(
  scan: ScanAnswer,
  item: ProductItem,
  kind: GoodsKind,
  warehouseName?: string,
): GoodsPrefill {
  const empty: GoodsPrefill = { quantities: {}, lots: {}, lotChoices: {}, note: '' };
  const lines = linesFirst(item.stocks, warehouseName);
  const first = lines[0];
  if (!first) return empty;
  const pieces = piecesOfScan(scan);
  if (kind === 'import') {
    const fill = fillFromScan(scan, item, first.id, { lots: {}, quantities: {} });
    if ('refusal' in fill) return { ...empty, note: fill.refusal };
    const lot = fill.lot ? `, parti ${fill.lot.code}` : '';
    return {
      ...empty,
      quantities: fill.quantities,
      lots: fill.lots,
      note: `Okundu: ${first.wareHouse.label} için ${formatNumber(pieces)} adet${lot}.`,
    };
  }
  const code = scan.lotCode?.trim();
  if (!code) return { ...empty, note: 'Okundu: ürün seçildi. Partiyi ve miktarı seçiniz.' };
  for (const line of lines) {
    const lot = line.lots.find((one) => one.code === code);
    if (lot) {
      return {
        ...empty,
        quantities: { [line.id]: pieces },
        lotChoices: { [line.id]: lot.id },
        note: `Okundu: ${line.wareHouse.label}, parti ${code}, ${formatNumber(pieces)} adet.`,
      };
    }
  }
  return { ...empty, note: unknownLotNote(code) };
}
