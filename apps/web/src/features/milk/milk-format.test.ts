import { describe, expect, it } from 'vitest';
import { deliveryTimeText } from './milk-format.ts';

describe('milk formats', () => {
  it('shows a delivery time as GG.AA.YYYY SS:DD in Istanbul time, as the form takes it', () => {
    expect(deliveryTimeText('2026-03-01T06:30:00+03:00')).toBe('01.03.2026 06:30');
    expect(deliveryTimeText('2026-12-31T23:59:59+03:00')).toBe('31.12.2026 23:59');
  });
});
