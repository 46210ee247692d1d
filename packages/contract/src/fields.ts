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
