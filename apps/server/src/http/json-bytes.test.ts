import { describe, expect, it } from 'vitest';
import { piecesBytes, jsonBytes as written } from './json-bytes.ts';

/** What the answer must be, byte for byte: JSON.stringify's text, UTF-8. */
const stringified = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');

/** The answer's bytes, whether it came back as text (a short one) or as bytes. */
const jsonBytes = (value: unknown) => {
  const answer = written(value);
  return typeof answer === 'string' ? Buffer.from(answer, 'utf8') : answer;
};

const order = (id: number) => ({
  id,
  buyerName: 'Şeker Gıda Ltd. Şti. — İğdır şubesi',
  note: id % 3 === 0 ? null : `Soğuk zincir: ${id}`,
  totalPrice: 1512.7 * id,
  placedAt: new Date(Date.UTC(2026, 10, 28, 9, id % 60)),
  items: [
    { productId: id, quantity: 3, price: '45.50', lots: [{ code: 'L-2611-A', expiry: '2026-12-09' }] },
    { productId: id + 1, quantity: 0.5, price: '1200.00', lots: [] },
  ],
});

describe('an answer written as bytes', () => {
  it('is JSON.stringify of a page of 50 orders with Turkish letters, byte for byte', () => {
    const answer = {
      success: true,
      data: { items: Array.from({ length: 50 }, (_, i) => order(i)), page: 2, total: 171 },
    };
    expect(jsonBytes(answer).equals(stringified(answer))).toBe(true);
  });

  it('comes back as text while short and as bytes once long', () => {
    expect(typeof written({ success: true, data: [order(1)] })).toBe('string');
    expect(
      Buffer.isBuffer(written({ success: true, data: Array.from({ length: 400 }, (_, i) => order(i)) })),
    ).toBe(true);
  });

  it('is JSON.stringify of a list answered as an array, and of an empty one', () => {
    for (const data of [Array.from({ length: 120 }, (_, i) => order(i)), []]) {
      const answer = { success: true, data };
      expect(jsonBytes(answer).equals(stringified(answer))).toBe(true);
    }
  });

  it('leaves out and writes as null what JSON.stringify leaves out and writes as null', () => {
    const odd = {
      success: true,
      data: {
        missing: undefined,
        method() {},
        symbol: Symbol('s'),
        list: [undefined, () => 1, Symbol('t'), Number.NaN, Number.POSITIVE_INFINITY, -0, null],
        withToJson: { toJSON: () => ({ written: 'by its toJSON' }) },
        hiddenByToJson: { toJSON: () => undefined },
        when: new Date(Date.UTC(2026, 0, 1)),
        bareObject: Object.assign(Object.create(null), { a: 1 }),
        classInstance: new (class Row {
          id = 4;
        })(),
        map: new Map([[1, 2]]),
        boxed: [new String('ş'), new Number(2), new Boolean(false)],
        // biome-ignore lint/suspicious/noSparseArray: a hole, as JSON.stringify writes it.
        holes: [1, , 3],
        nested: { deeper: { deepest: [{ a: undefined, b: 'ı' }] } },
      },
    };
    expect(jsonBytes(odd).toString('utf8')).toBe(JSON.stringify(odd));
  });

  it('writes characters that need escaping, surrogate pairs and lone surrogates as JSON.stringify does', () => {
    const text = [
      'tab\there',
      'quote " and \\ backslash',
      '\u0000\u001f control',
      '🐄 süt',
      '\ud800 alone',
      'ğüşiöçı ĞÜŞİÖÇI',
    ];
    // Enough rows that the gathered text is encoded several times, a pair never split between two.
    const answer = {
      success: true,
      data: Array.from({ length: 2_000 }, (_, i) => ({ i, text: text[i % text.length] })),
    };
    expect(jsonBytes(answer).equals(stringified(answer))).toBe(true);
  });

  it('writes a value that is no object or array as JSON.stringify does', () => {
    for (const value of [null, 0, 1512.7, 'Çiğ süt', true, undefined]) {
      expect(jsonBytes(value).equals(stringified(value))).toBe(true);
    }
  });

  it('writes an answer larger than the buffer it keeps, and keeps earlier answers whole', () => {
    const small = { success: true, data: [order(1)] };
    const first = jsonBytes(small);
    // About 6 MB: past the kept buffer's first size and past what it keeps between answers.
    const huge = { success: true, data: Array.from({ length: 12_000 }, (_, i) => order(i)) };
    const hugeBytes = jsonBytes(huge);
    const after = jsonBytes(small);
    expect(hugeBytes.equals(stringified(huge))).toBe(true);
    expect(first.equals(stringified(small))).toBe(true);
    expect(after.equals(first)).toBe(true);
  });

  it('writes text already written as JSON in its pieces, the same bytes as the pieces joined', () => {
    // A catalogue page as the server writes it: each item's text, then its lines written by PostgreSQL.
    const pieces = ['{"items":['];
    for (let i = 0; i < 300; i++) {
      pieces.push(
        i === 0 ? '' : ',',
        JSON.stringify(order(i)).slice(0, -1),
        ',"stocks":[{"depo":"İĞDIR 🐄"}]}',
      );
    }
    pieces.push('],"page":1}');
    const joined = pieces.join('');
    const bytes = piecesBytes(pieces);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(Buffer.from(bytes).equals(Buffer.from(joined, 'utf8'))).toBe(true);
    expect(piecesBytes(['{"items":[', ']}'], '{"data":', '}')).toBe('{"data":{"items":[]}}');
  });
});
