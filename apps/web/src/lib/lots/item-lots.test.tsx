import { getProductItem } from '@mandira/contract/operations/product-items';
import type { ProductItem, StockLine } from '@mandira/contract/products';
import type { StockLineLot } from '@mandira/contract/stock-line-lots';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { urlOf } from '../../api/client.ts';
import { ItemLots } from './item-lots.tsx';

const lot = (n: number): StockLineLot => ({
  id: n,
  code: `P-${n}`,
  expiryDate: `2027-01-${String(n).padStart(2, '0')}`,
  productionDate: null,
  quantity: n,
  expired: false,
});

const line = (lots: StockLineLot[], lotCount: number): StockLine => ({
  id: 11,
  warehouseId: 1,
  quantity: lots.reduce((sum, each) => sum + each.quantity, 0),
  boxQuantity: 0,
  wareHouse: { name: 'DEPO1', label: 'Depo-1' },
  packagingUnitTypeAmount: 1,
  packagingUnitType: 'KILOGRAM',
  packagingType: 'VACUUM_PACKAGE',
  lots,
  lotCount,
});

const itemWith = (stock: StockLine) =>
  ({ id: 5, quantityInBox: 0, stocks: [stock] }) as unknown as ProductItem;
const allLots = [1, 2, 3, 4, 5, 6, 7].map(lot);

const rowsShown = async () =>
  within(await screen.findByRole('table', { name: 'Depo-1 partileri' })).getAllByRole('row');

afterEach(() => vi.unstubAllGlobals());

describe("an item's lots from a list row (decision 170)", () => {
  it('reads the whole item by its id when the list carried only the first lots of a line', async () => {
    const fetch = vi.fn(async (_url: string) =>
      Response.json({ success: true, data: itemWith(line(allLots, 7)) }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ItemLots item={itemWith(line(allLots.slice(0, 5), 7))} />);
    // A header row and one row per lot: all seven, not the five the list carried.
    expect(await rowsShown()).toHaveLength(8);
    expect(String(fetch.mock.calls[0]![0])).toContain(urlOf(getProductItem, { params: { id: 5 } }));
    expect(screen.getByText('P-7')).toBeInTheDocument();
  });

  it('shows the list row itself when it carries every lot, reading nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ItemLots item={itemWith(line(allLots.slice(0, 3), 3))} />);
    expect(await rowsShown()).toHaveLength(4);
    expect(fetch).not.toHaveBeenCalled();
  });
});
