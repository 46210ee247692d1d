import type { OrderItem } from '@mandira/contract/orders';
import type { ScanAnswer } from '@mandira/contract/scan';
import { describe, expect, it } from 'vitest';
import { countScan, progressText } from './prepare-count.ts';

const cheese = (id: number, quantity: number) =>
  ({
    id,
    productId: 5,
    productName: 'Kaşar 1 kg Koli',
    stockCode: 'KSR-K',
    barcode: '8690000000011',
    quantity,
    quantityInBox: 12,
    productContent: [],
    statusDescription: { name: 'PREPARING', label: 'Hazırlanıyor' },
  }) as unknown as OrderItem;

const scanOf = (overrides: Partial<ScanAnswer>) =>
  ({
    code: '8690000000011',
    item: null,
    products: [{ id: 5, name: 'Kaşar 1 kg Koli', stockCode: 'KSR-K', barcode: '8690000000011' }],
    count: null,
    ...overrides,
  }) as unknown as ScanAnswer;

describe('a scanned box in preparation', () => {
  it("stands for the label's count, else one box, and counts on the first line of its product still short", () => {
    const lines = [cheese(1, 24), cheese(2, 12)];
    expect(countScan(scanOf({ count: 24 }), lines, {})).toEqual({ itemId: 1, pieces: 24 });
    expect(countScan(scanOf({}), lines, { 1: 24 })).toEqual({ itemId: 2, pieces: 12 });
    expect(progressText(lines[0]!, 24)).toBe('2 / 2 koli okundu');
  });

  it('refuses a code no item has, naming what the order wants', () => {
    const unknown = scanOf({ products: [] });
    expect(countScan(unknown, [cheese(1, 24)], {})).toEqual({
      refusal: 'Bu kod ile kayıtlı ürün bulunamadı. Bu satır için Kaşar 1 kg Koli (KSR-K) okutunuz.',
    });
  });
});
