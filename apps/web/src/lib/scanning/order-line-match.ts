import type { ScanAnswer } from '@mandira/contract/scan';
import { wrongItemMessage } from './scan-messages.ts';

/**
 * An order line as a box scanned on the floor is checked against it (docs/domain/scanning.md): a box is
 * a carton of the line's product, found by the product's barcode or stock code, or — for a product that
 * bundles a single item — by that item's barcode.
 */
export type ScanLine = {
  productId?: number;
  productName: string;
  stockCode: string | null;
  barcode: string | null;
  quantityInBox: number;
  /** The bundle's items; a box of the only item is a box of the product. */
  contentBarcodes?: readonly string[];
};

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim() !== '' && a.trim() === b.trim();

/** Whether the scanned code names the line's product. */
export function scanMatchesLine(scan: ScanAnswer, line: ScanLine): boolean {
  const byProduct = scan.products.some(
    (product) =>
      (line.productId !== undefined && product.id === line.productId) ||
      same(product.barcode, line.barcode) ||
      same(product.stockCode, line.stockCode),
  );
  if (byProduct) return true;
  const item = scan.item;
  if (!item) return false;
  if (same(item.barcode, line.barcode) || same(item.stockCode, line.stockCode)) return true;
  const content = line.contentBarcodes ?? [];
  return content.length === 1 && same(item.barcode, content[0]);
}

/** The pieces of the product one scan stands for: the label's count, else one box, else one piece. */
export const scannedPieces = (scan: ScanAnswer, line: ScanLine) =>
  scan.count ?? (line.quantityInBox > 0 ? line.quantityInBox : 1);

/** What a refused scan names: its item, else its first sellable product, else nothing known. */
export function scannedName(scan: ScanAnswer) {
  const product = scan.products[0];
  return scan.item ?? (product ? { name: product.name, stockCode: product.stockCode ?? scan.code } : null);
}

/** The Turkish refusal of a scan that is not the line's product: what was scanned, what is expected. */
export function lineRefusal(scan: ScanAnswer, line: ScanLine): string {
  return wrongItemMessage(scannedName(scan), {
    name: line.productName,
    stockCode: line.stockCode ?? line.barcode ?? '—',
  });
}

/** The lines a scan names, among several (load acceptance). */
export const linesOfScan = <L extends ScanLine>(scan: ScanAnswer, lines: readonly L[]) =>
  lines.filter((line) => scanMatchesLine(scan, line));
