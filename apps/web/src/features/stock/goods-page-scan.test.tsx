import { getProductItem } from '@mandira/contract/operations/product-items';
import type { ProductItem, StockLine } from '@mandira/contract/products';
import type { ScanAnswer } from '@mandira/contract/scan';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { scanAnswer, serveScans } from '../../../test/scan-answer.ts';
import { urlOf } from '../../api/client.ts';
import { GoodsModal } from './goods-modal.tsx';
import { GoodsPageScan, type ScannedGoods } from './goods-page-scan.tsx';

const api = vi.hoisted(() => ({ mutateAsync: vi.fn() }));
vi.mock('./api.ts', async (original) => ({
  ...(await original<typeof import('./api.ts')>()),
  useStockMovement: () => ({ mutateAsync: api.mutateAsync }),
}));

// Typing and a modal opening take a while on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const line = (id: number, warehouseId: number, lots: StockLine['lots'] = []): StockLine => ({
  id,
  warehouseId,
  quantity: lots.reduce((sum, lot) => sum + lot.quantity, 0),
  boxQuantity: 0,
  wareHouse: { name: `DEPO${warehouseId}`, label: `Depo-${warehouseId}` },
  packagingUnitTypeAmount: 1,
  packagingUnitType: 'KILOGRAM',
  packagingType: 'VACUUM_PACKAGE',
  lots,
  lotCount: lots.length,
});

const cheese = {
  id: 5,
  name: 'Taze Kaşar 1 kg',
  stockCode: 'KSR-1',
  warehouseStockType: 'FOODS',
  quantityInBox: 6,
  totalStockQuantity: 20,
  stocks: [
    line(11, 1),
    line(12, 2, [
      { id: 72, code: 'L26', expiryDate: '2099-01-31', productionDate: null, quantity: 20, expired: false },
    ]),
  ],
} as unknown as ProductItem;

/** A GS1 label of the cheese, carrying `overrides`. */
const answer = (overrides: Partial<ScanAnswer>) =>
  scanAnswer({
    format: 'GS1',
    matchedBy: 'BARCODE',
    item: { id: 5, name: cheese.name, stockCode: 'KSR-1', barcode: '8691234567890', quantityInBox: 6 },
    gtin: '08691234567890',
    ...overrides,
  });

const LABEL = '(01)08691234567890(17)991231(10)L26(30)12';
const answers: Record<string, ScanAnswer> = {
  [LABEL]: answer({ lotCode: 'L26', expiryDate: '2099-12-31', count: 12 }),
  '(01)08691234567890(10)YOK(30)3': answer({ lotCode: 'YOK', count: 3 }),
  '2000000000015': answer({ item: null, matchedBy: null }),
};

beforeEach(() => {
  api.mutateAsync.mockReset();
  api.mutateAsync.mockResolvedValue([]);
  serveScans(answers, (url) =>
    url.pathname.endsWith(urlOf(getProductItem, { params: { id: 5 } }))
      ? Response.json({ success: true, data: cheese })
      : undefined,
  );
});
afterEach(() => vi.unstubAllGlobals());

const NO_FILTERS = { packagingGroup: '', warehouseStockType: '', warehouseName: '' };

/** The goods page's scan and the modal it opens, as the page wires them. */
function Page({ warehouseName }: { warehouseName?: string }) {
  const [goods, setGoods] = useState<ScannedGoods | null>(null);
  return (
    <>
      <GoodsPageScan onPick={setGoods} listen={goods === null} warehouseName={warehouseName} />
      <GoodsModal target={goods} filters={NO_FILTERS} onClose={() => setGoods(null)} />
    </>
  );
}

describe('a scan on the goods page opens the goods modal for the item on the label', () => {
  it('goods-in: the label fills pieces, lot and expiry of the filtered warehouse, ready to apply', async () => {
    const { user } = renderWithProviders(<Page warehouseName="DEPO2" />);
    await user.type(screen.getByLabelText('Ürün okut'), `${LABEL}{Enter}`);
    const modal = await screen.findByRole('dialog', { name: 'Mal Giriş: KSR-1 - Taze Kaşar 1 kg' });
    expect(within(modal).getByTestId('goods-prefill-note')).toHaveTextContent(
      'Okundu: Depo-2 için 12 adet, parti L26.',
    );
    expect(within(modal).getByLabelText('Depo-2 giriş miktarı')).toHaveValue('12');
    expect(within(modal).getByLabelText('Depo-2 parti kodu')).toHaveValue('L26');
    // The modal's own scan goes on filling the same warehouse.
    expect(within(modal).getByRole('radio', { name: 'Depo-2' })).toBeChecked();
    await user.click(within(modal).getByRole('button', { name: 'Üretimden Mal Girişi' }));
    await user.click(within(modal).getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(api.mutateAsync).toHaveBeenCalled());
    expect(api.mutateAsync.mock.calls[0]![0].body.stockChange).toEqual([
      expect.objectContaining({
        id: 12,
        importedQuantity: 12,
        lot: { code: 'L26', expiryDate: '2099-12-31' },
      }),
    ]);
  });

  it("goods-out: the label's lot known on a line is chosen with its pieces; an unknown lot is said", async () => {
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('radio', { name: 'Mal Çıkış' }));
    await user.type(screen.getByLabelText('Ürün okut'), `${LABEL}{Enter}`);
    const modal = await screen.findByRole('dialog', { name: 'Mal Çıkış: KSR-1 - Taze Kaşar 1 kg' });
    expect(within(modal).getByLabelText('Depo-2 çıkış miktarı')).toHaveValue('12');
    await user.click(within(modal).getByRole('button', { name: 'Perakende Çıkış' }));
    await user.click(within(modal).getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(api.mutateAsync).toHaveBeenCalled());
    expect(api.mutateAsync.mock.calls[0]![0].body.stockChange).toEqual([
      expect.objectContaining({ id: 12, exportedQuantity: 12, lotId: 72 }),
    ]);

    await user.type(screen.getByLabelText('Ürün okut'), '(01)08691234567890(10)YOK(30)3{Enter}');
    expect(await screen.findByTestId('goods-prefill-note')).toHaveTextContent(
      'Etiketteki YOK partisi bu ürünün depolarında yok: partiyi ve miktarı seçiniz.',
    );
  });

  it('refuses a code no item has and opens nothing', async () => {
    const { user } = renderWithProviders(<Page />);
    await user.type(screen.getByLabelText('Ürün okut'), '2000000000015{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu kod ile kayıtlı ürün bulunamadı.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
