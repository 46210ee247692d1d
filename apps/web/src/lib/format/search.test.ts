import { describe, expect, it } from 'vitest';
import { filterBySearch, matchesSearch, searchableText, turkishLower } from './search.ts';

describe('turkishLower', () => {
  it('lowers dotted and dotless I the Turkish way', () => {
    expect(turkishLower('İSTANBUL')).toBe('istanbul');
    expect(turkishLower('IŞIK')).toBe('ışık');
    expect(turkishLower('ÇĞÖŞÜ')).toBe('çğöşü');
  });
});

describe('matchesSearch', () => {
  it('finds "istanbul" in "İSTANBUL DEPO"', () => {
    expect(matchesSearch(['İSTANBUL DEPO'], 'istanbul')).toBe(true);
  });

  it('finds "ışık" in "IŞIK SÜT" and "İZMİR" with "izmir"', () => {
    expect(matchesSearch(['IŞIK SÜT'], 'ışık')).toBe(true);
    expect(matchesSearch(['İzmir'], 'İZMİR')).toBe(true);
  });

  it('does not treat dotless ı and dotted i as the same letter', () => {
    expect(matchesSearch(['IŞIK'], 'işik')).toBe(false);
  });

  it('searches numbers and nested values', () => {
    expect(matchesSearch([1500, { label: 'Gram' }], '150')).toBe(true);
    expect(matchesSearch([[{ key: 'SALES_ADMIN', label: 'Satış Yöneticisi' }]], 'satış')).toBe(true);
  });

  it('matches everything with an empty or blank query', () => {
    expect(matchesSearch(['a'], '   ')).toBe(true);
  });
});

describe('filterBySearch', () => {
  const rows = [{ name: 'Ayşe' }, { name: 'Ali' }, { name: 'Işıl' }];
  const valuesOf = (row: { name: string }) => [row.name];

  it('leaves the rows alone until the query reaches the minimum length', () => {
    expect(filterBySearch(rows, 'ay', valuesOf, 3)).toHaveLength(3);
    expect(filterBySearch(rows, 'ayş', valuesOf, 3)).toEqual([{ name: 'Ayşe' }]);
  });

  it('filters from the first character by default', () => {
    expect(filterBySearch(rows, 'ı', valuesOf)).toEqual([{ name: 'Işıl' }]);
  });
});

describe('searchableText', () => {
  it('flattens arrays and objects and drops empty values', () => {
    expect(searchableText([null, 'a', { b: 2, c: undefined }])).toBe(' a 2 ');
  });
});
