import { describe, expect, it } from 'vitest';
import { deliveryTimeText } from './milk-format.ts';

describe('milk formats', () => {
  it('shows a delivery time as YYYY-MM-DD HH:MM in Istanbul time', () => {
    expect(deliveryTimeText('2026-03-01T06:30:00+03:00')).toBe('2026-03-01 06:30');
  });
});
