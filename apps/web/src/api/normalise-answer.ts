import type { ApiError, Envelope } from '@mandira/contract/envelope';
import { UNEXPECTED_ERROR_MESSAGE } from '@mandira/contract/unexpected-error';

/** Anything with a zod-like `parse`: the client checks data shapes without depending on zod itself. */
export type DataSchema<T> = { parse(data: unknown): T };

export function unexpected(code = 'UNEXPECTED_RESPONSE'): { success: false; error: ApiError } {
  return { success: false, error: { message: UNEXPECTED_ERROR_MESSAGE, code } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readError(value: unknown): ApiError | undefined {
  if (typeof value === 'string' && value.trim()) return { message: value, code: 'UNKNOWN' };
  if (!isRecord(value) || typeof value.message !== 'string' || !value.message.trim()) return undefined;
  const error: ApiError = {
    message: value.message,
    code: typeof value.code === 'string' ? value.code : 'UNKNOWN',
  };
  if (typeof value.field === 'string' && value.field) error.field = value.field;
  return error;
}

/**
 * Turns whatever came back into the one shape screens handle: the server's error is
 * passed on; a success needs a 2xx status and a data field of the expected shape; anything else
 * (empty body, HTML from a proxy, a success flag without data) is the generic Turkish error.
 */
export function normaliseAnswer<T>(httpOk: boolean, body: unknown, schema?: DataSchema<T>): Envelope<T> {
  if (!isRecord(body)) return unexpected();
  const error = readError(body.error);
  if (error && body.success !== true) return { success: false, error };
  if (!httpOk || body.success !== true || !('data' in body) || body.data === undefined) return unexpected();
  if (!schema) return { success: true, data: body.data as T };
  try {
    return { success: true, data: schema.parse(body.data) };
  } catch {
    return unexpected();
  }
}
