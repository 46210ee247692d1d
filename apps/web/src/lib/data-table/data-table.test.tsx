import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { formatMoney } from '../format/format.ts';
import type { DataTableColumn } from './column.ts';
import { DataTable, type DataTableProps, serverPaging } from './data-table.tsx';

type Buyer = { id: number; name: string; city: string; balance: number };

const COLUMNS: DataTableColumn<Buyer>[] = [
  { id: 'name', header: 'Müşteri', value: (row) => row.name },
  { id: 'city', header: 'Şehir', value: (row) => row.city },
  { id: 'balance', header: 'Bakiye', value: (row) => row.balance, render: (row) => formatMoney(row.balance) },
];

const BUYERS: Buyer[] = [
  { id: 1, name: 'Deniz Süt', city: 'İzmir', balance: 1500 },
  { id: 2, name: 'Cuma Gıda', city: 'Ankara', balance: 20 },
  { id: 3, name: 'Çiğdem Market', city: 'Iğdır', balance: 300.5 },
  { id: 4, name: 'İbrahim Bakkal', city: 'Isparta', balance: 4 },
  { id: 5, name: 'Irmak Şarküteri', city: 'Istanbul', balance: 75 },
];

function renderTable(props: Partial<DataTableProps<Buyer>> = {}) {
  return renderWithProviders(
    <DataTable
      name="musteriler"
      columns={COLUMNS}
      data={BUYERS}
      getRowId={(row) => row.id}
      initialSort={[{ id: 'name', desc: false }]}
      {...props}
    />,
  );
}

/** The text of one column, row by row as shown (plain DOM queries: role queries are slow on 250 rows). */
function columnTexts(index: number): string[] {
  const body = screen.getAllByRole('rowgroup')[1]!;
  return [...body.querySelectorAll('tr')].map((row) => row.querySelectorAll('td')[index]?.textContent ?? '');
}

describe('DataTable', () => {
  it('shows every row with its cells and counts them', () => {
    renderTable();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Müşteri',
      'Şehir',
      'Bakiye',
    ]);
    expect(screen.getByTestId('table-count')).toHaveTextContent('5 kayıt');
    const cem = screen.getByRole('row', { name: /Cuma Gıda/ });
    expect(within(cem).getByText('Ankara')).toBeInTheDocument();
    expect(within(cem).getByText(formatMoney(20))).toBeInTheDocument();
  });

  it('sorts text in Turkish alphabetical order: C < Ç < D and I < İ', () => {
    renderTable();
    // An English collator would put Çiğdem before Cuma (ç as c) and İbrahim before Irmak (İ as I).
    expect(columnTexts(0)).toEqual([
      'Cuma Gıda',
      'Çiğdem Market',
      'Deniz Süt',
      'Irmak Şarküteri',
      'İbrahim Bakkal',
    ]);
  });

  it('turns the order round on a header click, and sorts numbers by value', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Müşteri sütununa göre sırala (artan)' }));
    expect(columnTexts(0)[0]).toBe('İbrahim Bakkal');
    expect(columnTexts(0).at(-1)).toBe('Cuma Gıda');

    // A figure column starts with the largest, as the table library does for numbers.
    await user.click(screen.getByRole('button', { name: 'Bakiye sütununa göre sırala (sırasız)' }));
    expect(columnTexts(2)).toEqual([1500, 300.5, 75, 20, 4].map((amount) => formatMoney(amount)));
    await user.click(screen.getByRole('button', { name: 'Bakiye sütununa göre sırala (azalan)' }));
    expect(columnTexts(2)).toEqual([4, 20, 75, 300.5, 1500].map((amount) => formatMoney(amount)));
  });

  it('searches every column the Turkish way: "izmir" finds İzmir, "ığdır" finds Iğdır', async () => {
    const { user } = renderTable();
    const search = screen.getByRole('textbox', { name: 'Ara' });

    await user.type(search, 'izmir');
    expect(columnTexts(0)).toEqual(['Deniz Süt']);
    expect(screen.getByTestId('table-count')).toHaveTextContent('1 / 5 kayıt');

    await user.clear(search);
    await user.type(search, 'ığdır');
    expect(columnTexts(0)).toEqual(['Çiğdem Market']);
  });

  it('does not filter before the search is long enough, and says so', async () => {
    const { user } = renderTable({ minSearchLength: 3 });
    await user.type(screen.getByRole('textbox', { name: 'Ara' }), 'cu');
    expect(screen.getByText('Arama en az 3 karakterle başlar')).toBeInTheDocument();
    expect(columnTexts(0)).toHaveLength(5);
  });

  it('says when there is nothing to show, in its own words or the default ones', async () => {
    const { user, unmount } = renderTable();
    await user.type(screen.getByRole('textbox', { name: 'Ara' }), 'yok böyle biri');
    expect(screen.getByText('Kayıt bulunamadı')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeDisabled();
    unmount();

    renderTable({ data: [], emptyMessage: 'Henüz müşteri yok' });
    expect(screen.getByText('Henüz müşteri yok')).toBeInTheDocument();
  });

  it('shows a loading error instead of claiming there are no rows, with a retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ data: undefined, error: new Error('bağlantı koptu'), onRetry });
    expect(screen.getByText('Kayıtlar yüklenemedi')).toBeInTheDocument();
    expect(screen.queryByText('Kayıt bulunamadı')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("pages through a server's pages with the pager", async () => {
    const onPageChange = vi.fn();
    const { user } = renderTable({ pagination: { page: 1, totalPages: 3, total: 12, onPageChange } });
    expect(screen.getByTestId('table-count')).toHaveTextContent('12 kayıt');
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows a count the server stopped at as "10.000+" (decision 149)', () => {
    const answer = { page: 1, size: 50, count: 10_000, countCapped: true as const, totalPages: 200 };
    renderTable({ pagination: serverPaging(answer, 1, vi.fn()) });
    expect(screen.getByTestId('table-count')).toHaveTextContent('10.000+ kayıt');
  });

  it('renders long lists 200 rows at a time', async () => {
    const many = Array.from({ length: 250 }, (_, index) => ({
      id: index + 1,
      name: `Müşteri ${index + 1}`,
      city: 'Konya',
      balance: index,
    }));
    // One column keeps the 250 rows cheap to render.
    const { user } = renderTable({ data: many, columns: COLUMNS.slice(0, 1) });
    expect(columnTexts(0)).toHaveLength(200);
    // Numbers inside text by value: 'Müşteri 9' before 'Müşteri 10'.
    expect(columnTexts(0).slice(8, 10)).toEqual(['Müşteri 9', 'Müşteri 10']);
    await user.click(screen.getByRole('button', { name: 'Daha fazla göster (200 / 250)' }));
    expect(columnTexts(0)).toHaveLength(250);
  });
});

describe('DataTable on a tablet or phone', () => {
  /** The window narrower than the field layout's width: every media query of it matches. */
  function narrowWindow() {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 1099px') });
    return () => {
      window.matchMedia = wide;
    };
  }

  it('shows each row as a card: its name, its fields by header, and its actions at the bottom', () => {
    const restore = narrowWindow();
    try {
      renderTable({ rowActions: (row) => <button type="button">{`${row.name} düzenle`}</button> });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = screen.getAllByTestId('row-card');
      expect(cards.map((card) => card.firstElementChild?.firstElementChild?.textContent)).toEqual([
        'Cuma Gıda',
        'Çiğdem Market',
        'Deniz Süt',
        'Irmak Şarküteri',
        'İbrahim Bakkal',
      ]);
      const cuma = within(cards[0]!);
      expect(cuma.getByText('Şehir').nextSibling).toHaveTextContent('Ankara');
      expect(cuma.getByText('Bakiye').nextSibling).toHaveTextContent(formatMoney(20));
      expect(within(cuma.getByTestId('row-card-actions')).getByRole('button')).toHaveTextContent(
        'Cuma Gıda düzenle',
      );
    } finally {
      restore();
    }
  });

  it('still says that nothing was found as a table would', () => {
    const restore = narrowWindow();
    try {
      renderTable({ data: [], emptyMessage: 'Müşteri yok' });
      expect(screen.getByText('Müşteri yok')).toBeInTheDocument();
      expect(screen.queryByTestId('row-card')).toBeNull();
    } finally {
      restore();
    }
  });
});
