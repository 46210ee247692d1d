import { EXPIRED_LOT_ONLY_AS_RETURN } from '@mandira/contract/lots';
import type { ProductItem, StockLine } from '@mandira/contract/products';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { GoodsModal } from './goods-modal.tsx';
import { EXPIRY_MISSING, LOT_CODE_MISSING } from './stock-changes.ts';

const api = vi.hoisted(() => ({ mutateAsync: vi.fn() }));
vi.mock('./api.ts', () => ({ useStockMovement: () => ({ mutateAsync: api.mutateAsync }) }));

const line = (
  id: number,
  warehouseId: number,
  quantity: number,
  lots: StockLine['lots'] = [],
): StockLine => ({
  id,
  warehouseId,
  quantity,
  boxQuantity: 0,
  wareHouse: { name: `DEPO${warehouseId}`, label: `Depo-${warehouseId}` },
  packagingUnitTypeAmount: 1500,
  packagingUnitType: 'GRAM',
  packagingType: 'VACUUM_PACKAGE',
  lots,
  lotCount: lots.length,
});

const yogurt = {
  id: 5,
  name: 'Süzme Yoğurt',
  stockCode: 'STK-1',
  warehouseStockType: 'FOODS',
  quantityInBox: 6,
  totalStockQuantity: 30,
  stocks: [
    line(11, 1, 30, [
      { id: 71, code: 'P-OLD', expiryDate: '2020-01-01', productionDate: null, quantity: 4, expired: true },
      { id: 72, code: 'P-NEW', expiryDate: '2099-01-31', productionDate: null, quantity: 20, expired: false },
      { id: 73, code: '', expiryDate: null, productionDate: null, quantity: 6, expired: false },
    ]),
    line(12, 2, 0),
  ],
} as unknown as ProductItem;
const NO_FILTERS = { packagingGroup: '', warehouseStockType: '', warehouseName: '' };

// Typing into several fields takes a while on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  api.mutateAsync.mockReset();
  api.mutateAsync.mockResolvedValue([]);
});

function open(kind: 'import' | 'export', item = yogurt) {
  return renderWithProviders(<GoodsModal target={{ item, kind }} filters={NO_FILTERS} onClose={() => {}} />);
}

describe('goods-in asks for the lot of each line', () => {
  it("refuses a food item's line without code and expiry day, on their fields, sending nothing", async () => {
    const { user } = open('import');
    await user.type(screen.getByLabelText('Depo-1 giriş miktarı'), '12');
    await user.click(screen.getByRole('button', { name: 'Üretimden Mal Girişi' }));
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(await screen.findByText(LOT_CODE_MISSING)).toBeInTheDocument();
    expect(screen.getByText(EXPIRY_MISSING)).toBeInTheDocument();
    expect(api.mutateAsync).not.toHaveBeenCalled();
  });

  it('sends the lot typed GG.AA.YYYY as YYYY-MM-DD', async () => {
    const { user } = open('import');
    await user.type(screen.getByLabelText('Depo-1 giriş miktarı'), '12');
    await user.click(screen.getByRole('button', { name: 'Üretimden Mal Girişi' }));
    await user.type(screen.getByLabelText('Depo-1 parti kodu'), 'P-2611');
    await user.type(screen.getByLabelText('Depo-1 son kullanma tarihi (SKT)'), '31.01.2099');
    await user.type(screen.getByLabelText('Depo-1 üretim tarihi'), '02.01.2099');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(api.mutateAsync).toHaveBeenCalled());
    expect(api.mutateAsync.mock.calls[0]![0]).toEqual({
      kind: 'import',
      body: {
        stockChange: [
          {
            id: 11,
            importedQuantity: 12,
            stockOperationType: 'PRODUCTION_INBOUND',
            notes: '',
            lot: { code: 'P-2611', expiryDate: '2099-01-31', productionDate: '2099-01-02' },
          },
        ],
      },
    });
  });

  it('refuses an expired day on the SKT field unless the goods are returned', async () => {
    const { user } = open('import');
    await user.type(screen.getByLabelText('Depo-1 giriş miktarı'), '3');
    await user.click(screen.getByRole('button', { name: 'Satın Alma Girişi' }));
    await user.type(screen.getByLabelText('Depo-1 parti kodu'), 'P-ESKI');
    await user.type(screen.getByLabelText('Depo-1 son kullanma tarihi (SKT)'), '01.01.2020');
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(await screen.findByText(EXPIRED_LOT_ONLY_AS_RETURN)).toBeInTheDocument();
    expect(api.mutateAsync).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'İade Girişi' }));
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(api.mutateAsync).toHaveBeenCalled());
    expect(api.mutateAsync.mock.calls[0]![0].body.stockChange[0].lot).toEqual({
      code: 'P-ESKI',
      expiryDate: '2020-01-01',
    });
  });

  it('lets a supplies item be received without a lot', async () => {
    const { user } = open('import', { ...yogurt, warehouseStockType: 'SUPPLIES' });
    await user.type(screen.getByLabelText('Depo-2 giriş miktarı'), '5');
    await user.click(screen.getByRole('button', { name: 'Satın Alma Girişi' }));
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(api.mutateAsync).toHaveBeenCalled());
    expect(api.mutateAsync.mock.calls[0]![0].body.stockChange[0]).not.toHaveProperty('lot');
  });
});

describe('goods-out chooses a lot or leaves FEFO', () => {
  it('offers the line’s lots with SKT and pieces, and an İmha Çıkışı of the chosen one', async () => {
    const { user } = open('export');
    // Left empty, the goods-out takes the earliest-expiring lots.
    const choice = screen.getByRole('combobox', { name: 'Depo-1 parti' });
    expect(choice).toHaveAttribute('placeholder', 'SKT sırasına göre (FEFO)');
    await user.click(choice);
    expect(
      await screen.findByRole('option', { name: 'P-OLD (SKT 01.01.2020) · 4 adet · Süresi geçmiş' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'SKT yok · 6 adet' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /^P-OLD/ }));
    await user.type(screen.getByLabelText('Depo-1 çıkış miktarı'), '5');
    expect(screen.getByTestId('over-stock')).toHaveTextContent('Partideki stoktan fazla');
    await user.clear(screen.getByLabelText('Depo-1 çıkış miktarı'));
    await user.type(screen.getByLabelText('Depo-1 çıkış miktarı'), '4');
    await user.click(screen.getByRole('button', { name: 'İmha Çıkışı' }));
    await user.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(api.mutateAsync).toHaveBeenCalled());
    expect(api.mutateAsync.mock.calls[0]![0].body.stockChange).toEqual([
      { id: 11, exportedQuantity: 4, stockOperationType: 'DISPOSAL_OUTBOUND', notes: '', lotId: 71 },
    ]);
  });
});
