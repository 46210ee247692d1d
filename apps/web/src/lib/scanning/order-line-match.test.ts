import type { ScanAnswer } from '@mandira/contract/scan';
import { describe, expect, it } from 'vitest';
import { scanAnswer } from '../../../test/scan-answer.ts';
import {
  lineRefusal,
  linesOfScan,
  type ScanLine,
  scanMatchesLine,
  scannedPieces,
} from './order-line-match.ts';

const scan = (overrides: Partial<ScanAnswer>) => scanAnswer({ code: 'X', ...overrides });

const kasar: ScanLine = {
  productId: 5,
  productName: 'Kaşar 1 kg Koli',
  stockCode: 'KSR-K',
  barcode: '8690000000011',
  quantityInBox: 12,
  contentBarcodes: ['8690000000028'],
};
const item = (barcode: string, name = 'Kaşar 1 kg', stockCode = 'KSR-1') => ({
  id: 1,
  name,
  stockCode,
  barcode,
  quantityInBox: 12,
});
const product = (id: number, barcode: string | null, stockCode: string | null = null) => ({
  id,
  name: `Ürün ${id}`,
  stockCode,
  barcode,
});

describe('a scanned box against an order line', () => {
  it.each([
    ['the product by id', scan({ products: [product(5, null)] }), true],
    ['the product by barcode (a line without id)', scan({ products: [product(9, '8690000000011')] }), true],
    ['the product by stock code', scan({ products: [product(9, null, 'KSR-K')] }), true],
    ["the bundle's only item", scan({ item: item('8690000000028') }), true],
    ['another product', scan({ products: [product(6, '8690000000035')] }), false],
    ['another item', scan({ item: item('8690000000042', 'Yoğurt', 'YGT') }), false],
    ['an unknown code', scan({}), false],
  ])('%s → %s', (_, answer, matches) => {
    expect(scanMatchesLine(answer, kasar)).toBe(matches);
  });

  it('takes one item of a multi-item bundle for no box of the product', () => {
    const mixed = { ...kasar, contentBarcodes: ['8690000000028', '8690000000035'] };
    expect(scanMatchesLine(scan({ item: item('8690000000028') }), mixed)).toBe(false);
  });

  it('ignores empty codes on either side', () => {
    const bare = { ...kasar, productId: undefined, barcode: '', stockCode: null };
    expect(scanMatchesLine(scan({ products: [product(9, '', null)] }), bare)).toBe(false);
  });

  it("counts the label's count, else one box, else one piece", () => {
    expect(scannedPieces(scan({ count: 7 }), kasar)).toBe(7);
    expect(scannedPieces(scan({}), kasar)).toBe(12);
    expect(scannedPieces(scan({}), { ...kasar, quantityInBox: 0 })).toBe(1);
  });

  it('names what was scanned and what the line expects', () => {
    expect(lineRefusal(scan({ item: item('1', 'Süzme Yoğurt', 'YGT-2') }), kasar)).toBe(
      'Yanlış ürün okutuldu: Süzme Yoğurt (YGT-2). Bu satır için Kaşar 1 kg Koli (KSR-K) okutunuz.',
    );
    expect(lineRefusal(scan({}), kasar)).toBe(
      'Bu kod ile kayıtlı ürün bulunamadı. Bu satır için Kaşar 1 kg Koli (KSR-K) okutunuz.',
    );
  });

  it('finds every line a scan names', () => {
    const other = { ...kasar, productId: 6, barcode: 'B', stockCode: 'S', contentBarcodes: [] };
    expect(linesOfScan(scan({ products: [product(5, null)] }), [kasar, other, kasar])).toHaveLength(2);
  });
});
