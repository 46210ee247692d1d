import type { ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { foldTurkish, sortedOptions, turkishOptionsFilter } from './select-options.ts';

const option = (label: string) => ({ value: label, label });
const labels = (items: ComboboxParsedItem[]) =>
  items.map((item) => ('group' in item ? `${item.group}: ${item.items.map((i) => i.label)}` : item.label));
const search = (options: ComboboxParsedItem[], text: string) =>
  labels(turkishOptionsFilter({ options, search: text, limit: Number.POSITIVE_INFINITY }));

describe('dropdown search', () => {
  const buyers = ['Kızılay Market', 'Çanakkale Gıda', 'İzmir Süt', 'Işık Bakkal', 'Ankara Şarküteri'].map(
    option,
  );

  it('finds Turkish letters typed without them', () => {
    expect(search(buyers, 'kizilay')).toEqual(['Kızılay Market']);
    expect(search(buyers, 'canakkale')).toEqual(['Çanakkale Gıda']);
    expect(search(buyers, 'izmir sut')).toEqual(['İzmir Süt']);
    expect(search(buyers, 'isik')).toEqual(['Işık Bakkal']);
    expect(search(buyers, 'SARKUTERI')).toEqual(['Ankara Şarküteri']);
  });

  it('still finds the text typed with Turkish letters, in either case', () => {
    expect(search(buyers, 'KIZILAY')).toEqual(['Kızılay Market']);
    expect(search(buyers, 'Çanak')).toEqual(['Çanakkale Gıda']);
    expect(search(buyers, 'İZMİR')).toEqual(['İzmir Süt']);
  });

  it('keeps the order it is given, lists everything for an empty search and filters inside groups', () => {
    expect(search(buyers, '  ')).toEqual(buyers.map((one) => one.label));
    const groups = [
      { group: 'Kızılay Market', items: [option('Merkez Depo'), option('Şişli Şube')] },
      { group: 'Çanakkale Gıda', items: [option('Merkez Depo')] },
    ];
    expect(search(groups, 'sisli')).toEqual(['Kızılay Market: Şişli Şube']);
  });

  it('folds only what a keyboard without Turkish letters cannot type', () => {
    expect(foldTurkish('ÇĞIİÖŞÜ çğıiöşü Âî')).toBe('cgiiosu cgiiosu ai');
  });
});

describe('dropdown order', () => {
  it('sorts labels as a Turkish dictionary does, numbers by value', () => {
    const sorted = sortedOptions(
      ['Zeytin', 'Çiftlik', 'Cemal', 'İzmir', 'Işık', 'Depo 10', 'Depo 9', 'Ömer', 'Osman'].map(option),
    );
    expect(sorted.map((one) => one.label)).toEqual([
      'Cemal',
      'Çiftlik',
      'Depo 9',
      'Depo 10',
      'Işık',
      'İzmir',
      'Osman',
      'Ömer',
      'Zeytin',
    ]);
  });
});
