import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../api/client.ts';
import { errorMessage } from './error-message.ts';

/** A failed save as a screen shows it: on a field when the server names one, else above the buttons. */
export type ServerError = {
  /** The request field's path, e.g. `userName` or `stockChange[0].importedQuantity`. */
  field: string | undefined;
  /** The text for under the field: the server's words without the field's key. */
  fieldMessage: string;
  /** The text for an alert, with the key replaced by the field's Turkish label when one is known. */
  message: string;
};

// The server words a validation error "'userName': …" or "'userName' alanı zorunludur.".
const KEYED = /^'([^']+)'(?::\s*|\s+(?=alanı))/;

/** Reads a failure; a message naming its field by key is taken apart even without `error.field`. */
export function readServerError(error: unknown, labels: Record<string, string> = {}): ServerError {
  const message = errorMessage(error);
  const keyed = KEYED.exec(message);
  const field = (error instanceof ApiRequestError ? error.field : undefined) ?? keyed?.[1];
  if (!keyed) return { field, fieldMessage: message, message };
  const rest = message.slice(keyed[0].length);
  const sentence = rest.startsWith('alanı') ? `Bu alan${rest.slice('alanı'.length)}` : rest;
  const label = labels[keyed[1] ?? ''];
  return {
    field,
    fieldMessage: sentence,
    message: label ? `${label}: ${sentence}` : sentence,
  };
}

/**
 * Puts a failed save's message on the form field it concerns (red, under the field, focused) and
 * answers undefined; a failure of no field on this form comes back as the text of the form's alert.
 */
export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: Record<string, string>,
): string | undefined {
  const failure = readServerError(error, fields);
  if (failure.field && failure.field in fields) {
    setError(
      failure.field as Path<T>,
      { type: 'server', message: failure.fieldMessage },
      { shouldFocus: true },
    );
    return undefined;
  }
  return failure.message;
}
