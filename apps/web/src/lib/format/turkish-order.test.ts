import { describe, expect, it } from 'vitest';
import { byTurkishText, compareTurkish, compareValues } from './turkish-order.ts';

describe('compareTurkish', () => {
  it('puts Çanakkale before Yunusemre, Boğaziçi before Bornova and Kızılay before Körfez', () => {
    const places = ['Yunusemre', 'Körfez', 'Çanakkale', 'Bornova', 'Kızılay', 'Boğaziçi', 'Cide'];
    expect([...places].sort(compareTurkish)).toEqual([
      'Boğaziçi',
      'Bornova',
      'Cide',
      'Çanakkale',
      'Kızılay',
      'Körfez',
      'Yunusemre',
    ]);
  });

  it('orders every Turkish letter after its plain neighbour: ı before i, ş after s, ü after u', () => {
    const words = ['Şule', 'Sema', 'İnci', 'Irmak', 'Ünal', 'Umut', 'Ömer', 'Oya', 'Gül', 'Ğ'];
    expect([...words].sort(compareTurkish)).toEqual([
      'Gül',
      'Ğ',
      'Irmak',
      'İnci',
      'Oya',
      'Ömer',
      'Sema',
      'Şule',
      'Umut',
      'Ünal',
    ]);
  });

  it('reads numbers inside names by value: Depo-9 before Depo-10', () => {
    expect(['Depo-10', 'Depo-2', 'Depo-9'].sort(compareTurkish)).toEqual(['Depo-2', 'Depo-9', 'Depo-10']);
  });

  it('ignores letter case for the order but never calls two different spellings equal', () => {
    expect(compareTurkish('izmir', 'İZMİR')).not.toBe(0);
    expect(['İZMİR', 'Aydın', 'izmir'].sort(compareTurkish)).toEqual(['Aydın', 'izmir', 'İZMİR']);
  });
});

describe('byTurkishText', () => {
  it('orders rows by one of their texts', () => {
    const rows = [{ title: 'Yunusemre Süt' }, { title: 'Çanakkale Gıda' }];
    expect(rows.sort(byTurkishText((row) => row.title)).map((row) => row.title)).toEqual([
      'Çanakkale Gıda',
      'Yunusemre Süt',
    ]);
  });
});

describe('compareValues', () => {
  it('orders table text the Turkish way', () => {
    const names = ['Şule', 'Can', 'Çetin', 'Sema', 'Ömer', 'Oya'];
    expect([...names].sort(compareValues)).toEqual(['Can', 'Çetin', 'Oya', 'Ömer', 'Sema', 'Şule']);
  });

  it('orders numbers by value and puts empty values last', () => {
    expect([10, '', 9, null, 100].sort(compareValues)).toEqual([9, 10, 100, '', null]);
  });
});
