import type { ErrorCode } from '@mandira/contract/envelope';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DUPLICATE: 409,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  INSUFFICIENT_STOCK: 409,
  BUSINESS_RULE: 422,
  THROTTLED: 429,
  EXTERNAL_SOURCE: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The request field the error is about, as the envelope names it (`stockChange[0].id`). */
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const duplicate = (message: string) => new AppError('DUPLICATE', message);
export const badRequest = (message: string, field?: string) => new AppError('VALIDATION', message, field);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const businessRule = (message: string) => new AppError('BUSINESS_RULE', message);

/** PostgreSQL's unique_violation, for inserts that race past a pre-check. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** 503: the server cannot take this request now; `Retry-After` tells the client when to ask again. */
export class UnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('UNAVAILABLE', message);
  }
}

/** 429: too many attempts; `Retry-After` tells the client when the next one may be counted. */
export class ThrottledError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('THROTTLED', message);
  }
}
