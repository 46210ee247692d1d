import { describe, expect, it } from 'vitest';
import { packagingGroupLabel } from './packaging-group-label.ts';

describe('packagingGroupLabel', () => {
  it('shows the unit by its Turkish short form and the amount with a decimal comma', () => {
    expect(packagingGroupLabel('1500 GRAM')).toBe('1500 Gr');
    expect(packagingGroupLabel('0.5 KILOGRAM')).toBe('0,5 Kg');
    expect(packagingGroupLabel('1 LITERS')).toBe('1 Lt');
  });

  it('leaves a group it cannot read as it is', () => {
    expect(packagingGroupLabel('')).toBe('');
    expect(packagingGroupLabel('Karışık koli')).toBe('Karışık koli');
  });
});
