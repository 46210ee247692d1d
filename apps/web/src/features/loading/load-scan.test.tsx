import type { ScanAnswer } from '@mandira/contract/scan';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { scanAnswer, serveScans } from '../../../test/scan-answer.ts';
import { LoadScan } from './load-scan.tsx';

const beep = vi.hoisted(() => vi.fn());
vi.mock('../../lib/scanning/beep.ts', () => ({ beep }));

const item = {
  productId: 5,
  productName: 'Kaşar 1 kg Koli',
  stockCode: 'KSR-K',
  barcode: '8690000000011',
  quantityInBox: 12,
  productContent: [{ barcode: '8690000000028' }],
};
const warehouses = [
  { warehouse: 'DEPO1', warehouseLabel: 'Depo-1', pieces: 100 },
  { warehouse: 'DEPO2', warehouseLabel: 'Depo-2', pieces: 50 },
  { warehouse: 'DEPO3', warehouseLabel: 'Depo-3', pieces: 0 },
];

const answer = (overrides: Partial<ScanAnswer>) =>
  scanAnswer({
    matchedBy: 'BARCODE',
    products: [{ id: 5, name: 'Kaşar 1 kg Koli', stockCode: 'KSR-K', barcode: '8690000000011' }],
    ...overrides,
  });

function Form() {
  const [quantities, setQuantities] = useState<Record<string, number | undefined>>({});
  return (
    <>
      <LoadScan
        item={item}
        warehouses={warehouses}
        quantities={quantities}
        onQuantitiesChange={setQuantities}
      />
      <output aria-label="durum">{JSON.stringify(quantities)}</output>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  beep.mockClear();
});

describe('loading by scanning', () => {
  it("adds a box of the line's product to the chosen warehouse, or the label's count", async () => {
    serveScans({ KOLI: answer({}), ETIKET: answer({ count: 5, lotCode: 'L9' }) });
    const { user } = renderWithProviders(<Form />);
    expect(screen.queryByRole('radio', { name: 'Depo-3' })).not.toBeInTheDocument();
    const field = screen.getByLabelText('Barkod / karekod');
    await user.type(field, 'KOLI{Enter}');
    expect(await screen.findByText('Okundu: 12 adet. Bu depodan 12 adet.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Depo-2' }));
    await user.type(field, 'ETIKET{Enter}');
    expect(await screen.findByText('Okundu: 5 adet, parti L9. Bu depodan 5 adet.')).toBeInTheDocument();
    expect(JSON.parse(screen.getByLabelText('durum').textContent ?? '')).toEqual({ DEPO1: 12, DEPO2: 5 });
    expect(beep.mock.calls).toEqual([['ok'], ['ok']]);
  });

  it('refuses a box of another item on the spot, with a sound, and counts nothing', async () => {
    serveScans({
      YOGURT: answer({
        products: [],
        item: { id: 9, name: 'Süzme Yoğurt', stockCode: 'YGT-2', barcode: '1', quantityInBox: 0 },
      }),
    });
    const { user } = renderWithProviders(<Form />);
    await user.type(screen.getByLabelText('Barkod / karekod'), 'YOGURT{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Yanlış ürün okutuldu: Süzme Yoğurt (YGT-2). Bu satır için Kaşar 1 kg Koli (KSR-K) okutunuz.',
    );
    expect(beep).toHaveBeenCalledWith('error');
    expect(screen.getByLabelText('durum')).toHaveTextContent('{}');
  });
});
