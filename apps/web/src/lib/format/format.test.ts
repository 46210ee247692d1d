import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  spreadsheetDate,
} from './format.ts';

describe('formatDateTime', () => {
  it('shows an ISO instant in Istanbul time as DD.MM.YYYY HH:mm', () => {
    expect(formatDateTime('2024-03-05T21:07:00.000Z')).toBe('06.03.2024 00:07');
  });

  it('uses a 24-hour clock', () => {
    expect(formatDateTime('2024-07-01T12:30:00Z')).toBe('01.07.2024 15:30');
  });

  it('accepts Date objects and returns empty text for missing or invalid values', () => {
    expect(formatDateTime(new Date('2023-12-31T20:59:00Z'))).toBe('31.12.2023 23:59');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows the Istanbul calendar day', () => {
    expect(formatDate('2024-03-05T22:00:00Z')).toBe('06.03.2024');
  });
});

describe('formatMoney', () => {
  it('shows lira with Turkish grouping and decimal comma', () => {
    expect(formatMoney(1234.5)).toBe('₺1.234,50');
    expect(formatMoney('99.9')).toBe('₺99,90');
  });

  it('returns empty text for missing or non-numeric values', () => {
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups thousands with dots', () => {
    expect(formatNumber(12500.5)).toBe('12.500,5');
  });
});

describe('spreadsheetDate', () => {
  it('holds the Istanbul wall-clock time in its UTC fields, which is what Excel shows', () => {
    expect(spreadsheetDate('2026-11-24T06:30:00Z')?.toISOString()).toBe('2026-11-24T09:30:00.000Z');
    expect(spreadsheetDate('2026-03-01T00:15:00+03:00')?.toISOString()).toBe('2026-03-01T00:15:00.000Z');
    expect(spreadsheetDate(null)).toBeNull();
  });
});

describe('formatCount', () => {
  it('shows a count that stopped at its limit as 10.000+, a whole one as it is', () => {
    expect(formatCount({ count: 10_000, countCapped: true })).toBe('10.000+');
    expect(formatCount({ count: 2100 })).toBe('2.100');
  });
});
