import { z } from 'zod';
import { isIsoDate } from './istanbul-time.ts';
import './messages.ts';

/**
 * The building blocks of every request field (decision 47). A schema built from them cannot let
 * through what the database would refuse with an error instead of an answer: a NUL byte in a text,
 * an id beyond a 4-byte integer, a date PostgreSQL or the Istanbul-day arithmetic cannot hold.
 */

/** PostgreSQL cannot store U+0000 in a text column; it is never a character a user meant to type. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character this refuses.
const WITHOUT_NUL = /^[^\u0000]*$/;

/**
 * Half of a UTF-16 surrogate pair without its other half (`"\ud800"` in JSON): no character at all, and
 * UTF-8 (the database, the log) can only store it as U+FFFD, so what was stored would differ from what
 * was sent (decision 96). A whole pair (an emoji) is one character and is let through.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Every text of the contract: a string without NUL and without a lone surrogate. Chain `.trim()`,
 * `.min()`, `.max()` as usual.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .regex(WITHOUT_NUL, 'izin verilmeyen bir karakter (NUL) içeriyor.')
    .refine(
      (value) => !LONE_SURROGATE.test(value),
      'izin verilmeyen bir karakter (eşi olmayan UTF-16 vekili) içeriyor.',
    );

/**
 * A wrong type gets this message; a missing value (undefined, or null: an emptied form field) keeps
 * zod's own issue, which the error map words as 'zorunludur' or 'boş bırakılamaz' and a form as
 * 'Bu alan zorunludur.'. The error map already names every wrong type in Turkish; these remain for a
 * field that wants its own words.
 */
export const wrongType = (message: string) => ({
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' && issue.input !== undefined && issue.input !== null ? message : undefined,
});
export const NOT_A_TEXT = wrongType('metin olmalıdır.');
export const NOT_A_NUMBER = wrongType('sayı olmalıdır.');

/** The largest id a record can have: its column is a 4-byte integer. */
export const MAX_ID = 2_147_483_647;
const DECIMAL = /^\d+$/;

/**
 * A record id, 1…2³¹−1. The text of a number ('12', from a path, a query or a select) is read as that
 * number only when written in plain decimal digits: '0x10', '1e2', '+1' and ' 1' are refused.
 */
export const idOf = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? undefined : message) })
      .int(message)
      .min(1, message)
      .max(MAX_ID, message),
  );

/** The days a date of the portal may name; a year beyond these is a typing mistake. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
export const DAY_OUT_OF_RANGE = `${FIRST_DAY.slice(0, 4)} ile ${LAST_DAY.slice(0, 4)} yılları arasında olmalıdır.`;

/** Whether an ISO 'YYYY-MM-DD…' text lies between FIRST_DAY and LAST_DAY. */
export const isWithinDays = (iso: string) => iso.slice(0, 10) >= FIRST_DAY && iso.slice(0, 10) <= LAST_DAY;

export const INVALID_DAY = 'Geçerli bir tarih giriniz (YYYY-AA-GG).';

/**
 * A day, 'YYYY-MM-DD', between FIRST_DAY and LAST_DAY. With `cutTime` a date-time ('…T23:59:59', as
 * some screens send a day) is cut to its date.
 */
export const day = ({ cutTime = false } = {}) =>
  text()
    .trim()
    .transform((value) => (cutTime ? value.slice(0, 10) : value))
    .refine(isIsoDate, INVALID_DAY)
    .refine(isWithinDays, DAY_OUT_OF_RANGE);

/** A query parameter left empty ('?from=') means the same as one left out. */
export const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

export const optionalParam = <T extends z.ZodType>(schema: T) => emptyAsMissing(schema.optional());

const QUERY_BOOLEANS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/** A yes/no query parameter: 'true' or '1', 'false' or '0'; left out or empty is not asked. */
export const optionalFlag = () =>
  z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : (QUERY_BOOLEANS[String(value)] ?? value)),
      z.boolean({ error: "'true' veya 'false' olmalıdır." }).optional(),
    )
    .optional();

/** An optional text up to `max` characters, trimmed; missing and null are both ''. */
export const optionalText = (max: number) =>
  text(NOT_A_TEXT)
    .trim()
    .max(max, `En fazla ${max} karakter girilebilir.`)
    .nullish()
    .transform((value) => value ?? '');

export const INVALID_PHONE_CHARACTERS = 'Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.';
export const TOO_FEW_PHONE_DIGITS = 'Telefon en az 7 rakam içermelidir.';

/**
 * An optional phone number as people write it ('0312 555 12 34', '+90 (532) 111-22-33'): digits with
 * spaces, '+', '(', ')' and '-', at least seven digits; missing, null and blank are all ''.
 */
export const optionalPhone = (max: number) =>
  text(NOT_A_TEXT)
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

/**
 * The smallest positive number `decimals` places hold (0.01 for money). `atMostDecimals` lets a value
 * within its tolerance of a whole number of units pass, so 1e-9 would pass `positive()` and be stored
 * as 0, refused by the table's CHECK as a 500: a positive figure is bounded below by this instead.
 */
export const smallestUnit = (decimals: number) => 10 ** -decimals;
