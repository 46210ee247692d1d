import { describe, expect, it } from 'vitest';
import {
  CreateProductItemBody,
  packagingGroupLabel,
  sortPackagingGroups,
  storageFormOf,
} from './products.ts';

describe('packaging groups in order', () => {
  it('sort masses by their grams, whatever unit they are written in, not as text', () => {
    expect(sortPackagingGroups(['1500 GRAM', '1 KILOGRAM', '200 GRAM', '0.5 KILOGRAM', '1 TONS'])).toEqual([
      '200 GRAM',
      '0.5 KILOGRAM',
      '1 KILOGRAM',
      '1500 GRAM',
      '1 TONS',
    ]);
  });

  it('put masses, then volumes by millilitres, then pieces, then what cannot be read', () => {
    expect(
      sortPackagingGroups(['Karışık koli', '10 QUANTITY', '1 LITERS', '250 MILLILITERS', '1500 GRAM', '']),
    ).toEqual(['1500 GRAM', '250 MILLILITERS', '1 LITERS', '10 QUANTITY', '', 'Karışık koli']);
  });
});

describe('packaging words', () => {
  it('show a packaging group with the Turkish unit and a decimal comma', () => {
    expect(packagingGroupLabel('1 LITERS')).toBe('1 Lt');
    expect(packagingGroupLabel('300 MILLILITERS')).toBe('300 Ml');
    expect(packagingGroupLabel('1000 QUANTITY')).toBe('1000 Adet');
    expect(packagingGroupLabel('0.5 KILOGRAM')).toBe('0,5 Kg');
    expect(packagingGroupLabel('1500 GRAM')).toBe('1500 Gr');
  });

  it('leave a group they cannot read as it is', () => {
    expect(packagingGroupLabel('Tümü')).toBe('Tümü');
    expect(packagingGroupLabel('12 FOO')).toBe('12 FOO');
    expect(packagingGroupLabel('')).toBe('');
    expect(packagingGroupLabel('Karışık koli')).toBe('Karışık koli');
  });

  it('name pieces packed as pieces once', () => {
    const item = {
      packagingUnitTypeAmount: 1000,
      packagingUnitType: 'QUANTITY',
      packagingType: 'QUANTITY',
    } as const;
    expect(storageFormOf(item)).toBe('1000 Adet');
    expect(
      storageFormOf({
        ...item,
        packagingUnitType: 'LITERS',
        packagingUnitTypeAmount: 1,
        packagingType: 'BOTTLE',
      }),
    ).toBe('1 Lt Şişe');
  });
});

describe('product item sizes', () => {
  it('refuse a positive size below the last place the database keeps, which it would store as 0', () => {
    const item = CreateProductItemBody.shape;
    expect(item.width.safeParse(1e-9).success).toBe(false);
    expect(item.width.safeParse(0.004).success).toBe(false);
    expect(item.width.safeParse(0.01).success).toBe(true);
    expect(item.packagingUnitTypeAmount.safeParse(1e-9).success).toBe(false);
    expect(item.packagingUnitTypeAmount.safeParse(0.001).success).toBe(true);
  });
});
