import { useEffect, useMemo } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../api/client.ts';
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

/**
 * The same for a form that receives its save's failure from the modal around it: the failure goes
 * onto its field once it arrives; the answer is the text for the form's alert, if any. `labels`
 * must be a constant (field name → Turkish label).
 */
export function useServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  labels: Record<string, string>,
): string | undefined {
  const failure = useMemo(() => (error ? readServerError(error, labels) : undefined), [error, labels]);
  const field = failure?.field !== undefined && failure.field in labels ? failure.field : undefined;
  useEffect(() => {
    if (failure && field) {
      setError(field as Path<T>, { type: 'server', message: failure.fieldMessage }, { shouldFocus: true });
    }
  }, [failure, field, setError]);
  return failure && !field ? failure.message : undefined;
}
