import { UNEXPECTED_ERROR_MESSAGE } from '@mandira/contract/unexpected-error';
import { ApiRequestError } from '../../api/client.ts';

/** The Turkish text to show for a failure; internals of unexpected errors stay out of the screen. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
