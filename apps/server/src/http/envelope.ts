import type { ApiError } from '@mandira/contract/envelope';

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function fail(error: ApiError): { success: false; error: ApiError } {
  return { success: false, error };
}
