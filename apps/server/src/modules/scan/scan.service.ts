import { type ParsedScan, parseScanCode } from '@mandira/contract/gs1';
import { withCheckDigit } from '@mandira/contract/gs1-values';
import type { ScanAnswer } from '@mandira/contract/scan';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { itemsWithBarcodes, itemsWithStockCodes, sellableProductsWithCodes } from './scan.repo.ts';

/**
 * The one resolver of scanned codes (docs/domain/scanning.md, decision 157): what the code carries, read
 * by the contract's GS1 parser, and the item it names — by its barcode, a GTIN however many leading zeros
 * the label and the catalogue each give it, or else by its stock code. A code no item has is still
 * answered (item null) with what it carries, since an integrator reading a foreign label needs that.
 */
export async function resolveScan(db: Db, code: string): Promise<ScanAnswer> {
  const read = parseScanCode(code);
  if (!read.ok) throw badRequest(read.message, 'code');
  const scan = read.scan;
  const barcodes = barcodeCandidates(scan);
  const byBarcode = barcodes.length > 0 ? await itemsWithBarcodes(db, barcodes) : [];
  const pieceBarcodes = byBarcode.length === 0 ? cartonPieceCandidates(scan) : [];
  const byCarton = pieceBarcodes.length > 0 ? await itemsWithBarcodes(db, pieceBarcodes) : [];
  const byStockCode =
    byBarcode.length === 0 && byCarton.length === 0 && scan.format === 'TEXT'
      ? await itemsWithStockCodes(db, [scan.text])
      : [];
  const item = byBarcode[0] ?? byCarton[0] ?? byStockCode[0] ?? null;
  const productCodes = scan.format === 'TEXT' ? [scan.text] : barcodes;
  const sellable = await sellableProductsWithCodes(db, productCodes, scan.text);
  const { format, text, elements, unknownElements, ...carried } = scan;
  return {
    code: text,
    format,
    matchedBy: byBarcode[0]
      ? 'BARCODE'
      : byCarton[0]
        ? 'CARTON_BARCODE'
        : byStockCode[0]
          ? 'STOCK_CODE'
          : null,
    item,
    products: sellable,
    ...carried,
    elements,
    unknownElements,
  };
}

/**
 * The barcodes the catalogue may hold for the scanned GTIN: the GTIN-14 and the EAN-13, UPC-A and EAN-8
 * its leading zeros allow; a plain text is also tried as a barcode, as an item may carry a non-GS1 one.
 */
export function barcodeCandidates(scan: ParsedScan): string[] {
  const gtin = scan.gtin ?? scan.containedGtin;
  if (!gtin) return scan.format === 'TEXT' ? [scan.text] : [];
  return paddedForms(gtin);
}

/**
 * A carton's GTIN-14 is, by GS1's usual construction, an indicator digit 1–8, the piece's GTIN-13
 * without its check digit, and a new check digit; the catalogue holds the piece's barcode only, so a
 * carton not found as such is looked for by the piece it holds.
 */
export function cartonPieceCandidates(scan: ParsedScan): string[] {
  const gtin = scan.gtin ?? scan.containedGtin;
  if (!gtin || !/^[1-8]/.test(gtin)) return [];
  return paddedForms(withCheckDigit(`0${gtin.slice(1, 13)}`));
}

function paddedForms(gtin: string): string[] {
  const candidates = [gtin];
  for (const length of [13, 12, 8]) {
    if (/^0+$/.test(gtin.slice(0, 14 - length))) candidates.push(gtin.slice(14 - length));
  }
  return candidates;
}
