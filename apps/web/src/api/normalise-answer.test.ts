import { UNEXPECTED_ERROR_MESSAGE } from '@mandira/contract/unexpected-error';
import { describe, expect, it } from 'vitest';
import { normaliseAnswer } from './normalise-answer.ts';

const unexpected = {
  success: false,
  error: { message: UNEXPECTED_ERROR_MESSAGE, code: 'UNEXPECTED_RESPONSE' },
};

describe('normaliseAnswer', () => {
  it('passes a success with data on', () => {
    expect(normaliseAnswer(true, { success: true, data: [1] })).toEqual({ success: true, data: [1] });
  });

  it('keeps a null data of a call that returns nothing', () => {
    expect(normaliseAnswer(true, { success: true, data: null })).toEqual({ success: true, data: null });
  });

  it("passes the field a server's validation error names on", () => {
    const body = {
      success: false,
      error: { message: "'phone': Telefon en az 7 rakam içermelidir.", code: 'VALIDATION', field: 'phone' },
    };
    expect(normaliseAnswer(false, body)).toEqual(body);
  });

  it("passes the server's error on, whatever the status", () => {
    const body = {
      success: false,
      error: { message: 'Kullanıcı adı veya şifre hatalı.', code: 'UNAUTHENTICATED' },
    };
    expect(normaliseAnswer(false, body)).toEqual(body);
  });

  it('passes an error field without data on even without a success flag', () => {
    expect(normaliseAnswer(false, { error: { message: 'Olmadı' } })).toEqual({
      success: false,
      error: { message: 'Olmadı', code: 'UNKNOWN' },
    });
  });

  it('turns an empty, odd or data-less answer into the generic Turkish error', () => {
    expect(normaliseAnswer(true, undefined)).toEqual(unexpected);
    expect(normaliseAnswer(true, '<html>')).toEqual(unexpected);
    expect(normaliseAnswer(true, { success: true })).toEqual(unexpected);
    expect(normaliseAnswer(true, {})).toEqual(unexpected);
    expect(normaliseAnswer(false, { success: false, error: { message: '' } })).toEqual(unexpected);
  });

  it('does not trust a success body on an error status', () => {
    expect(normaliseAnswer(false, { success: true, data: 1 })).toEqual(unexpected);
  });

  it('turns data of the wrong shape into the generic error', () => {
    const numbers = {
      parse(data: unknown) {
        if (!Array.isArray(data)) throw new Error('not an array');
        return data as number[];
      },
    };
    expect(normaliseAnswer(true, { success: true, data: 'x' }, numbers)).toEqual(unexpected);
    expect(normaliseAnswer(true, { success: true, data: [2] }, numbers)).toEqual({
      success: true,
      data: [2],
    });
  });
});
