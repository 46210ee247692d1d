import { describe, expect, it } from 'vitest';
import { type DataTableColumn, exportValueOf, searchValueOf } from './column.ts';

type Row = { name: string; count: number; active: boolean; tags: { label: string }[]; at: string };
const row: Row = {
  name: 'İZMİR',
  count: 3,
  active: true,
  tags: [{ label: 'Soğuk' }],
  at: '2024-01-02T09:00:00Z',
};

describe('exportValueOf', () => {
  it('keeps numbers as numbers and writes booleans in Turkish', () => {
    expect(exportValueOf({ id: 'count', header: 'Adet', value: (r: Row) => r.count }, row)).toBe(3);
    expect(exportValueOf({ id: 'active', header: 'Aktif', value: (r: Row) => r.active }, row)).toBe('Evet');
  });

  it('flattens nested values and prefers an explicit export value', () => {
    expect(exportValueOf({ id: 'tags', header: 'Etiket', value: (r: Row) => r.tags }, row)).toBe('Soğuk');
    const at: DataTableColumn<Row> = {
      id: 'at',
      header: 'Tarih',
      value: (r) => r.at,
      exportValue: () => '02.01.2024',
    };
    expect(exportValueOf(at, row)).toBe('02.01.2024');
  });

  it('leaves an empty cell empty', () => {
    expect(exportValueOf({ id: 'none', header: 'Boş', value: () => '' }, row)).toBeNull();
  });
});

describe('searchValueOf', () => {
  it('searches what the user sees (the export text) unless told otherwise', () => {
    const at: DataTableColumn<Row> = {
      id: 'at',
      header: 'Tarih',
      value: (r) => r.at,
      exportValue: () => '02.01.2024',
    };
    expect(searchValueOf(at, row)).toBe('02.01.2024');
    expect(searchValueOf({ ...at, searchValue: () => 'x' }, row)).toBe('x');
  });
});
