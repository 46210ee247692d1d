import { z } from 'zod';

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
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ApiError = z.object({
  message: z.string(),
  code: z.string(),
  /** The path of the request field a validation error concerns, e.g. `userName`, `stockChange[0].id`. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export type Envelope<T> = { success: true; data: T } | { success: false; error: ApiError };

export { UNEXPECTED_ERROR_MESSAGE } from './unexpected-error.ts';

/** Wraps a data schema in the success envelope, for the OpenAPI description. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
