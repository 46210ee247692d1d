import type { ScanAnswer } from '@mandira/contract/scan';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { scanAnswer, serveScans } from '../../../test/scan-answer.ts';
import { GoodsScan } from './goods-scan.tsx';
import type { ScanLots, ScanQuantities } from './goods-scan-fill.ts';

const item = { id: 7, name: 'Taze Kaşar 1 kg', stockCode: 'KSR-1' };
const lines = [
  { id: 71, wareHouse: { name: 'DEPO1', label: 'Depo-1' } },
  { id: 72, wareHouse: { name: 'DEPO2', label: 'Depo-2' } },
];

const answer = (overrides: Partial<ScanAnswer>) =>
  scanAnswer({
    format: 'GS1',
    matchedBy: 'BARCODE',
    item: { ...item, barcode: '8691234567890', quantityInBox: 6 },
    gtin: '08691234567890',
    ...overrides,
  });

/** The goods modal's state around the scan, shown as text for the test to read. */
function Form() {
  const [lots, setLots] = useState<ScanLots>({});
  const [quantities, setQuantities] = useState<ScanQuantities>({});
  return (
    <>
      <GoodsScan
        item={item}
        lines={lines}
        lots={lots}
        onLotsChange={setLots}
        quantities={quantities}
        onQuantitiesChange={setQuantities}
      />
      <output aria-label="durum">{JSON.stringify({ lots, quantities })}</output>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('goods-in by scanning', () => {
  it('adds each scanned box to the chosen warehouse and fills its lot and expiry', async () => {
    serveScans({
      KOLI: answer({ lotCode: 'L26', expiryDate: '2026-12-31', productionDate: '2026-11-01', count: 12 }),
      ADET: answer({ format: 'EAN_13' }),
      KUTU: answer({ matchedBy: 'CARTON_BARCODE' }),
    });
    const { user } = renderWithProviders(<Form />);
    await user.click(screen.getByRole('radio', { name: 'Depo-2' }));
    const field = screen.getByLabelText('Barkod / karekod');
    await user.type(field, 'KOLI{Enter}');
    expect(await screen.findByText('Okundu: 12 adet, parti L26, SKT 31.12.2026.')).toBeInTheDocument();
    await user.type(field, 'ADET{Enter}');
    expect(await screen.findByText('Okundu: 1 adet.')).toBeInTheDocument();
    await user.type(field, 'KUTU{Enter}');
    expect(await screen.findByText('Okundu: 6 adet.')).toBeInTheDocument();
    expect(JSON.parse(screen.getByLabelText('durum').textContent ?? '')).toEqual({
      lots: { 72: { code: 'L26', expiryDate: '2026-12-31', productionDate: '2026-11-01' } },
      quantities: { 72: 19 },
    });
  });

  it('refuses a box of another item, an unknown code and a second lot on the same line', async () => {
    serveScans({
      YOGURT: answer({
        item: { id: 9, name: 'Süzme Yoğurt', stockCode: 'YGT-2', barcode: '1', quantityInBox: 0 },
      }),
      YABANCI: answer({ item: null, matchedBy: null }),
      A: answer({ lotCode: 'A', count: 2 }),
      B: answer({ lotCode: 'B', count: 2 }),
    });
    const { user } = renderWithProviders(<Form />);
    const field = screen.getByLabelText('Barkod / karekod');
    await user.type(field, 'YOGURT{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Yanlış ürün okutuldu: Süzme Yoğurt (YGT-2). Bu satır için Taze Kaşar 1 kg (KSR-1) okutunuz.',
    );
    await user.type(field, 'YABANCI{Enter}');
    expect(await screen.findByText(/^Bu kod ile kayıtlı ürün bulunamadı\./)).toBeInTheDocument();
    await user.type(field, 'A{Enter}');
    await user.type(field, 'B{Enter}');
    expect(await screen.findByText(/A partisi girildi/)).toBeInTheDocument();
    expect(JSON.parse(screen.getByLabelText('durum').textContent ?? '').quantities).toEqual({ 71: 2 });
  });
});
