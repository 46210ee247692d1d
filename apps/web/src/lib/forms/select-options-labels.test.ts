import { describe, expect, it } from 'vitest';
import { turkishOptionsFilter } from './select-options.ts';

describe('the dropdown search over long labels', () => {
  const options = [
    { value: '1', label: 'BALIKESİR ŞARKÜTERİ (MUS-001) · Merkez Depo (MUS-001-D1) · Balıkesir' },
    { value: '2', label: 'Işık Gıda (MUS-002) · Merkez Depo (MUS-002-D1) · İzmir' },
    { group: 'Diğer', items: [{ value: '3', label: 'Çanakkale Süt (MUS-003) · Kordon Şubesi' }] },
  ];
  const search = (text: string) =>
    turkishOptionsFilter({ options, search: text, limit: 100 }).flatMap((item) =>
      'group' in item ? item.items.map((one) => one.value) : [item.value],
    );

  it('finds a depot by its buyer, Turkish case-insensitively, inside groups too', () => {
    expect(search('balıkesir şarküteri')).toEqual(['1']);
    expect(search('ışık')).toEqual(['2']);
    expect(search('izmir')).toEqual(['2']);
    expect(search('MUS-003')).toEqual(['3']);
    expect(search('merkez depo')).toEqual(['1', '2']);
    expect(search('')).toEqual(['1', '2', '3']);
  });
});
