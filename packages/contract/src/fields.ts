import { z } from 'zod';

/**
 * A wrong type gets this message; a missing value keeps zod's own issue, which the error handler
 * words as 'alanı zorunludur'.
 */
export const wrongType = (message: string) => ({
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' && issue.input !== undefined ? message : undefined,
});
export const NOT_A_TEXT = wrongType('Metin olmalıdır.');
export const NOT_A_NUMBER = wrongType('Sayı olmalıdır.');

/** A record id; the text of a number ('12', from a path, a query or a select) is read as that number. */
export const idOf = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number(NOT_A_NUMBER).int(message).positive(message),
  );

/** A query parameter left empty ('?from=') means the same as one left out. */
export const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

export const optionalParam = <T extends z.ZodType>(schema: T) => emptyAsMissing(schema.optional());

export const INVALID_PHONE_CHARACTERS = 'Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.';
export const TOO_FEW_PHONE_DIGITS = 'Telefon en az 7 rakam içermelidir.';

/**
 * An optional phone number as people write it ('0312 555 12 34', '+90 (532) 111-22-33'): digits with
 * spaces, '+', '(', ')' and '-', at least seven digits; missing, null and blank are all ''.
 */
export const optionalPhone = (max: number) =>
  z
    .string(NOT_A_TEXT)
    .trim()
    .max(max, `En fazla ${max} karakter girilebilir.`)
    .refine((value) => /^[0-9+()\s-]*$/.test(value), INVALID_PHONE_CHARACTERS)
    .refine((value) => value === '' || value.replace(/\D/g, '').length >= 7, TOO_FEW_PHONE_DIGITS)
    .nullish()
    .transform((value) => value ?? '');

/**
 * A number the database keeps to `decimals` places must arrive with no more, or the stored value
 * would differ from the one typed: `z.number().refine(...atMostDecimals(2))`.
 */
export const atMostDecimals = (decimals: number) =>
  [
    (value: number) => Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6,
    `Sayı en fazla ${decimals} ondalık basamak içerebilir.`,
  ] as const;
