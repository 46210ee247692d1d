import { createTable, getCoreRowModel, type SortingState } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from './column.ts';
import { SORTING_OPTIONS, sortingColumnDefs } from './table-sorting.ts';

type Buyer = { title: string; city: string; balance: number };
const columns: DataTableColumn<Buyer>[] = [
  { id: 'title', header: 'Ünvan', value: (buyer) => buyer.title },
  { id: 'city', header: 'İlçe', value: (buyer) => buyer.city },
  { id: 'balance', header: 'Bakiye', value: (buyer) => buyer.balance },
];
// In the order PGlite's ORDER BY gives them: by code point, so Ç after Y and ı after ö.
const buyers: Buyer[] = [
  { title: 'Bornova Şarküteri', city: 'Bornova', balance: 10 },
  { title: 'Boğaziçi Market', city: 'Boğaziçi', balance: 9 },
  { title: 'Körfez Gıda', city: 'Körfez', balance: 100 },
  { title: 'Kızılay Bakkal', city: 'Kızılay', balance: -5 },
  { title: 'Yunusemre Süt', city: 'Yunusemre', balance: 0 },
  { title: 'Çanakkale Peynircisi', city: 'Çanakkale', balance: 2.5 },
];

function tableSortedBy(sorting: SortingState) {
  const table = createTable<Buyer>({
    data: buyers,
    columns: sortingColumnDefs(columns),
    getCoreRowModel: getCoreRowModel(),
    ...SORTING_OPTIONS,
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  let state = { ...table.initialState, sorting };
  table.setOptions((options) => ({
    ...options,
    state,
    onStateChange: (updater) => {
      state = typeof updater === 'function' ? updater(state) : updater;
      table.setOptions((current) => ({ ...current, state }));
    },
  }));
  return table;
}

const cities = (table: ReturnType<typeof tableSortedBy>) =>
  table.getRowModel().rows.map((row) => row.original.city);

describe('the data table order', () => {
  it('opens in the Turkish order: Boğaziçi, Bornova, Çanakkale, Kızılay, Körfez, Yunusemre', () => {
    const table = tableSortedBy([{ id: 'city', desc: false }]);
    expect(cities(table)).toEqual(['Boğaziçi', 'Bornova', 'Çanakkale', 'Kızılay', 'Körfez', 'Yunusemre']);
  });

  it('turns the Turkish order round when a header is clicked again, and never back to the raw order', () => {
    const table = tableSortedBy([{ id: 'city', desc: false }]);
    table.getColumn('city')!.toggleSorting();
    expect(cities(table)).toEqual(['Yunusemre', 'Körfez', 'Kızılay', 'Çanakkale', 'Bornova', 'Boğaziçi']);
    table.getColumn('city')!.getToggleSortingHandler()!({});
    expect(cities(table)).toEqual(['Boğaziçi', 'Bornova', 'Çanakkale', 'Kızılay', 'Körfez', 'Yunusemre']);
  });

  it('sorts a column of numbers by value', () => {
    const table = tableSortedBy([{ id: 'balance', desc: false }]);
    expect(table.getRowModel().rows.map((row) => row.original.balance)).toEqual([-5, 0, 2.5, 9, 10, 100]);
  });
});
