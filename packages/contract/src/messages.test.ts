import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_A_NUMBER, text } from './fields.ts';
import { describeIssues } from './messages.ts';

const Body = z.object({
  userName: text().min(1).max(50),
  roles: z.array(text()).max(3),
  age: z.number().int().min(0).max(100_000),
  kind: z.enum(['A', 'B']).optional(),
  flag: z.boolean().optional(),
  stockChange: z.array(z.object({ importedQuantity: z.number() })).optional(),
  unknownKey: text().optional(),
});

function messageFor(input: unknown): string {
  const result = Body.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return describeIssues(result.error.issues);
}
const valid = { userName: 'ayse', roles: [], age: 1 };

describe('Turkish validation messages', () => {
  it.each([
    ['a missing field', { roles: [], age: 1 }, 'Kullanıcı adı zorunludur.'],
    ['an empty text', { ...valid, userName: '' }, 'Kullanıcı adı boş bırakılamaz.'],
    ['a long text', { ...valid, userName: 'a'.repeat(51) }, 'Kullanıcı adı en fazla 50 karakter olmalıdır.'],
    [
      'a NUL byte',
      { ...valid, userName: 'a\u0000b' },
      'Kullanıcı adı izin verilmeyen bir karakter (NUL) içeriyor.',
    ],
    [
      'a lone surrogate',
      { ...valid, userName: 'a\ud800b' },
      'Kullanıcı adı izin verilmeyen bir karakter (eşi olmayan UTF-16 vekili) içeriyor.',
    ],
    ['a null', { ...valid, userName: null }, 'Kullanıcı adı boş bırakılamaz.'],
    ['a number for a text', { ...valid, userName: 5 }, 'Kullanıcı adı metin olmalıdır.'],
    ['a list element of the wrong type', { ...valid, roles: ['x', 3] }, 'Roller (2. öğe) metin olmalıdır.'],
    ['a long list', { ...valid, roles: ['a', 'b', 'c', 'd'] }, 'Roller en fazla 3 öğe içermelidir.'],
    ['a fraction for a whole number', { ...valid, age: 1.5 }, 'age tam sayı olmalıdır.'],
    ['a number too large', { ...valid, age: 100_001 }, 'age en fazla 100.000 olmalıdır.'],
    [
      'an infinite number (1e309)',
      { ...valid, age: Number.POSITIVE_INFINITY },
      'age geçerli bir sayı olmalıdır',
    ],
    ['a bad choice', { ...valid, kind: 'C' }, "kind şunlardan biri olmalıdır: 'A', 'B'."],
    ['a text for a yes/no', { ...valid, flag: 'evet' }, 'flag evet ya da hayır (true/false) olmalıdır.'],
    [
      'a line of a list',
      { ...valid, stockChange: [{ importedQuantity: 'on' }] },
      'Giriş miktarı (1. satır) sayı olmalıdır.',
    ],
    ['a whole body of the wrong type', [], 'İstek gövdesi nesne olmalıdır.'],
  ])('words %s in Turkish, naming the field by its label', (_name, input, message) => {
    const said = messageFor(input).replace(/^'(\w+)' alanı/, '$1');
    expect(said.startsWith(message)).toBe(true);
  });

  it('never says an English type name or a comparison sign', () => {
    const inputs = [
      { ...valid, userName: 5 },
      { ...valid, age: 'x' },
      { ...valid, roles: {} },
      { ...valid, age: 1e6 },
    ];
    for (const input of inputs) {
      expect(messageFor(input)).not.toMatch(/string|number|array|object|boolean|undefined|[<>]=?/);
    }
  });

  it('keeps a schema sentence that names its field, and puts the label before one that does not', () => {
    const Own = z.object({
      userName: text().min(3, 'Kullanıcı adı en az 3 karakter olmalıdır.'),
      email: text().refine((value) => value.includes('@'), 'Geçerli bir e-posta adresi giriniz.'),
    });
    const short = Own.safeParse({ userName: 'ab', email: 'a@b' });
    expect(describeIssues(short.error!.issues)).toBe('Kullanıcı adı en az 3 karakter olmalıdır.');
    const email = Own.safeParse({ userName: 'abc', email: 'ab' });
    expect(describeIssues(email.error!.issues)).toBe('E-posta: Geçerli bir e-posta adresi giriniz.');
  });
});

describe('a number with its own wrong-type words', () => {
  const Amount = z.object({ amount: z.number(NOT_A_NUMBER) });
  const words = (input: unknown) => describeIssues(Amount.safeParse(input).error?.issues ?? []);

  it('words null, an emptied form field, as empty rather than as a wrong type', () => {
    expect(words({ amount: null })).toBe('Tutar boş bırakılamaz.');
    expect(words({})).toBe('Tutar zorunludur.');
    expect(words({ amount: 'on' })).toBe('Tutar sayı olmalıdır.');
  });
});
