import { describe, expect, it } from 'vitest';
import { day, idOf, MAX_ID, text } from './fields.ts';

const id = idOf('Geçerli bir kayıt numarası giriniz.');

describe('record ids', () => {
  it.each(['1', '12', '2147483647', 7, MAX_ID])('accepts %s', (value) => {
    expect(id.safeParse(value).success).toBe(true);
  });

  it.each([
    '0x10',
    '1e2',
    '+1',
    ' 1',
    '1.0',
    '',
    '0',
    '2147483648',
    '99999999999',
    0,
    -1,
    1.5,
    2 ** 31,
    Number.POSITIVE_INFINITY,
  ])('refuses %s with its own message', (value) => {
    const result = id.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Geçerli bir kayıt numarası giriniz.');
  });
});

describe('texts', () => {
  it('refuses a NUL byte anywhere, also after trimming', () => {
    expect(text().safeParse('a\u0000b').success).toBe(false);
    expect(text().trim().max(5).safeParse(' \u0000 ').success).toBe(false);
    expect(text().safeParse('Süt ürünleri ığüşöç').success).toBe(true);
  });

  it('refuses half of a surrogate pair anywhere, and keeps a whole pair', () => {
    for (const value of ['a\ud800b', '\udc00', 'x\ud83d', '\ude00\ud83d']) {
      const result = text().trim().max(50).safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/UTF-16/);
    }
    expect(text().safeParse('Süt 🥛 ürünleri').success).toBe(true);
  });
});

describe('days', () => {
  it.each(['2000-01-01', '2026-11-23', '2100-12-31'])('accepts %s', (value) => {
    expect(day().safeParse(value).success).toBe(true);
  });

  it.each(['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01', '2026-02-30', 'dün', '2026-01-01\u0000'])(
    'refuses %s',
    (value) => {
      expect(day().safeParse(value).success).toBe(false);
    },
  );

  it('cuts a date-time to its day when asked', () => {
    expect(day({ cutTime: true }).parse('2026-03-01T23:59:59')).toBe('2026-03-01');
    expect(day().safeParse('2026-03-01T23:59:59').success).toBe(false);
  });
});
