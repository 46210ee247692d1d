import { z } from 'zod';
import { text } from './fields.ts';

/** The closed set of machine codes an error envelope may carry. */
export const ErrorCode = z.enum([
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'DUPLICATE',
  'CONFLICT',
  'INVALID_TRANSITION',
  'INSUFFICIENT_STOCK',
  'BUSINESS_RULE',
  'THROTTLED',
  'EXTERNAL_SOURCE',
  'UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ApiError = z.object({
  message: text(),
  code: text(),
  /** The request field a validation failure is about, as a path: `stockChange[0].importedQuantity`. */
  field: text().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export type Envelope<T> = { success: true; data: T } | { success: false; error: ApiError };

export { UNEXPECTED_ERROR_MESSAGE } from './unexpected-error.ts';
export const NOT_FOUND_MESSAGE = 'İstenen kaynak bulunamadı.';

/** Wraps a data schema in the success envelope, for the OpenAPI description. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/**
 * Every error answer of the API: `success: false`, a Turkish message to show as it is, a closed code
 * (its HTTP status: VALIDATION 400 or 413/415, UNAUTHENTICATED 401, FORBIDDEN 403, NOT_FOUND 404,
 * DUPLICATE, CONFLICT, INVALID_TRANSITION and INSUFFICIENT_STOCK 409, BUSINESS_RULE 422, THROTTLED 429,
 * INTERNAL 500, EXTERNAL_SOURCE 502, UNAVAILABLE 503) and, for a refused field, its path.
 */
export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      message: z.string().describe('Turkish, for the user to read as it is.'),
      code: ErrorCode,
      field: z
        .string()
        .optional()
        .describe('The request field the error is about, as a path: `stockChange[0].importedQuantity`.'),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });
