import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isIsoDate,
  istanbulDate,
  istanbulWeek,
  parseDateTime,
  startOfIstanbulDay,
  toIstanbulIso,
} from './istanbul-time.ts';

describe('Istanbul time', () => {
  it('reads a time without an offset as Istanbul wall-clock time', () => {
    expect(parseDateTime('2026-03-01T06:30')?.toISOString()).toBe('2026-03-01T03:30:00.000Z');
    expect(parseDateTime('2026-03-01 06:30:15')?.toISOString()).toBe('2026-03-01T03:30:15.000Z');
  });

  it('keeps the summer time Turkey had before 2016', () => {
    expect(parseDateTime('2015-07-01T12:00')?.toISOString()).toBe('2015-07-01T09:00:00.000Z');
    expect(parseDateTime('2015-01-01T12:00')?.toISOString()).toBe('2015-01-01T10:00:00.000Z');
  });

  it('reads an offset or Z as the instant it names', () => {
    expect(parseDateTime('2026-03-01T06:30:00Z')?.toISOString()).toBe('2026-03-01T06:30:00.000Z');
    expect(parseDateTime('2026-03-01T06:30:00.250+01:00')?.toISOString()).toBe('2026-03-01T05:30:00.250Z');
  });

  it('refuses what is not a real date-time', () => {
    for (const text of ['2026-02-30T10:00', '2026-01-01T24:00', '2026-01-01', 'yarın', '2026-1-1T10:00']) {
      expect(parseDateTime(text), text).toBeUndefined();
    }
  });

  it('writes an instant as Istanbul ISO-8601 whose first 16 characters are the local time', () => {
    expect(toIstanbulIso(new Date('2026-03-01T21:30:00Z'))).toBe('2026-03-02T00:30:00+03:00');
    expect(toIstanbulIso(new Date('2015-07-01T09:00:00Z'))).toBe('2015-07-01T12:00:00+03:00');
    expect(toIstanbulIso(new Date('2015-01-01T10:00:00Z'))).toBe('2015-01-01T12:00:00+02:00');
    expect(istanbulDate(new Date('2026-03-01T21:30:00Z'))).toBe('2026-03-02');
  });

  it('knows where an Istanbul day begins', () => {
    expect(startOfIstanbulDay('2026-09-02').toISOString()).toBe('2026-09-01T21:00:00.000Z');
  });

  it('counts days and weeks in the calendar', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    // Sunday 23:30 in Istanbul is still the week that began on Monday the 16th.
    expect(istanbulWeek(new Date('2026-11-22T20:30:00Z'))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(istanbulWeek(new Date('2026-11-22T21:30:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});

describe('toIstanbulIso against the time-zone database', () => {
  const reference = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

  it('reads the same wall clock every 17 minutes across the summer-time changes of 2011–2016', () => {
    const checked: string[] = [];
    for (const [from, to] of [
      ['2011-03-26T00:00:00Z', '2011-03-29T00:00:00Z'],
      ['2015-10-24T00:00:00Z', '2015-11-10T00:00:00Z'],
      ['2016-09-05T00:00:00Z', '2016-09-09T00:00:00Z'],
    ] as const) {
      for (let t = Date.parse(from); t < Date.parse(to); t += 17 * 60_000) {
        const instant = new Date(t);
        const iso = toIstanbulIso(instant);
        expect(iso.slice(0, 19).replace('T', ' ')).toBe(reference.format(instant));
        expect(Date.parse(iso)).toBe(t);
        checked.push(iso);
      }
    }
    expect(checked.some((iso) => iso.endsWith('+02:00'))).toBe(true);
    expect(checked.some((iso) => iso.endsWith('+03:00'))).toBe(true);
  });
});
