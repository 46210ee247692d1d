import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildElementString, type Gs1Element, parseScanCode } from './gs1.ts';
import { GS1_AIS } from './gs1-ais.ts';
import { gs1CheckDigit, gs1Date, withCheckDigit, wrongCheckDigit } from './gs1-values.ts';

const YEAR = 2026;
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** GS1's character set 82 without '(' and ')', which the bracketed form uses for its AIs. */
const cset82 = (max: number) =>
  fc.string({
    unit: fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&\'*+,-./:;<=>?_',
    ),
    minLength: 1,
    maxLength: max,
  });
const yymmdd = fc
  .record({
    yy: fc.integer({ min: 0, max: 99 }),
    mm: fc.integer({ min: 1, max: 12 }),
    dd: fc.integer({ min: 0, max: 28 }),
  })
  .map(({ yy, mm, dd }) => [yy, mm, dd].map((n) => String(n).padStart(2, '0')).join(''));

/** A value valid for each AI, by its spec. */
function valueFor(ai: string): fc.Arbitrary<string> {
  const spec = GS1_AIS[ai];
  if (!spec) throw new Error(ai);
  if (spec.checkDigit) return digits(spec.length - 1, spec.length - 1).map(withCheckDigit);
  if (spec.meaning.endsWith('Date')) return yymmdd;
  if (spec.digits) return spec.fixed ? digits(spec.length, spec.length) : digits(1, spec.length);
  return cset82(spec.length);
}

/** Distinct AIs (one per meaning, as a label carries), each with a valid value, plus unknown ones. */
const elementsArb = fc
  .uniqueArray(fc.constantFrom(...Object.keys(GS1_AIS)), {
    minLength: 1,
    maxLength: 8,
    selector: (ai) => GS1_AIS[ai]?.meaning,
  })
  .chain((ais) => fc.tuple(...ais.map((ai) => valueFor(ai).map((value): Gs1Element => ({ ai, value })))))
  .chain((known) =>
    fc
      .array(
        fc.oneof(
          cset82(30).map((value): Gs1Element => ({ ai: '92', value })),
          digits(13, 13).map((value): Gs1Element => ({ ai: '414', value })),
          digits(6, 6).map((value): Gs1Element => ({ ai: '3302', value })),
        ),
        { maxLength: 2 },
      )
      .chain((unknown) =>
        fc.shuffledSubarray([...known, ...unknown], { minLength: known.length + unknown.length }),
      ),
  );

describe('GS1 element strings', () => {
  it.each(['raw', 'bracketed'] as const)('read back what was built, %s', (form) => {
    fc.assert(
      fc.property(elementsArb, (elements) => {
        const code =
          form === 'raw' ? `]C1${buildElementString(elements, form)}` : buildElementString(elements, form);
        const result = parseScanCode(code, YEAR);
        if (!result.ok) throw new Error(`${JSON.stringify(code)}: ${result.message}`);
        expect(result.scan.elements).toEqual(elements);
        expect(result.scan.unknownElements).toEqual(elements.filter(({ ai }) => !GS1_AIS[ai]));
        const lot = elements.find(({ ai }) => ai === '10');
        expect(result.scan.lotCode).toBe(lot?.value ?? null);
        const expiry = elements.find(({ ai }) => ai === '17');
        expect(result.scan.expiryDate).toBe(expiry ? gs1Date(expiry.value, YEAR) : null);
      }),
    );
  });

  it('refuses any GTIN whose check digit was changed, naming the right one', () => {
    fc.assert(
      fc.property(digits(13, 13), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const right = gs1CheckDigit(body);
        const wrong = (right + shift) % 10;
        const result = parseScanCode(`(01)${body}${wrong}`, YEAR);
        expect(result).toEqual({
          ok: false,
          message: `(01) GTIN kontrol basamağı hatalı: ${wrong} okundu, ${right} olmalı.`,
        });
      }),
    );
  });
});

describe('check digits', () => {
  it('complete every retail length and catch any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(7, 11, 12, 13),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (n, seed, shift) => {
          const body = String(seed).padStart(n, '0').slice(-n);
          const code = withCheckDigit(body);
          expect(wrongCheckDigit(code)).toBeNull();
          const at = seed % code.length;
          const changed = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
          expect(wrongCheckDigit(changed)).not.toBeNull();
        },
      ),
    );
  });

  it('reads a retail barcode padded to the same GTIN-14 whatever its length', () => {
    fc.assert(
      fc.property(digits(7, 7), (body) => {
        const ean8 = withCheckDigit(body);
        const ean13 = ean8.padStart(13, '0');
        const a = parseScanCode(ean8, YEAR);
        const b = parseScanCode(ean13, YEAR);
        expect(a.ok && b.ok && a.scan.gtin === b.scan.gtin && a.scan.gtin?.length === 14).toBe(true);
      }),
    );
  });
});
