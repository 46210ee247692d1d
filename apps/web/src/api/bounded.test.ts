import { unpagedExtentOf } from '@mandira/contract/unpaged';
import { describe, expect, it } from 'vitest';
import { cutMessage } from './bounded.ts';

describe('the notice of an unpaged list cut by the server (decision 113)', () => {
  it('names the newest rows and the total the Turkish way when the answer was cut', () => {
    const extent = unpagedExtentOf(new Headers({ 'x-total-count': '2345', 'x-unpaged-limit': '2000' }));
    expect(extent).toEqual({ total: 2345, limit: 2000, capped: false });
    expect(cutMessage(extent, 'sipariş')).toBe(
      'Excel dosyasına en yeni 2.000 sipariş alındı; filtreye uyan toplam 2.345 sipariş var. Hepsini almak için filtreyi daraltın.',
    );
  });

  it('says "more than" when the server stopped counting (decision 149)', () => {
    const extent = unpagedExtentOf(
      new Headers({ 'x-total-count': '10000', 'x-unpaged-limit': '5000', 'x-total-count-capped': 'true' }),
    );
    expect(extent).toEqual({ total: 10_000, limit: 5000, capped: true });
    expect(cutMessage(extent, 'stok hareketi')).toBe(
      "Excel dosyasına en yeni 5.000 stok hareketi alındı; filtreye uyan 10.000'den fazla stok hareketi var. Hepsini almak için filtreyi daraltın.",
    );
  });

  it('says "more than" for every page of a list whose count stopped at the rows it reached', () => {
    expect(cutMessage({ total: 10_000, limit: 10_000, capped: true }, 'hesap hareketi')).toBe(
      "Excel dosyasına en yeni 10.000 hesap hareketi alındı; filtreye uyan 10.000'den fazla hesap hareketi var. Hepsini almak için filtreyi daraltın.",
    );
  });

  it('says nothing for a whole answer or one without the headers', () => {
    const whole = unpagedExtentOf(new Headers({ 'x-total-count': '1999' }));
    expect(whole).toEqual({ total: 1999, limit: null, capped: false });
    expect(cutMessage(whole, 'sipariş')).toBeNull();
    expect(unpagedExtentOf(new Headers())).toBeNull();
    expect(cutMessage(null, 'stok hareketi')).toBeNull();
  });
});
