import { ApiRequestError } from '../api/client.ts';

/** The server words a refused field as "'name': reason" or "'name' alanı zorunludur." (contract messages). */
const NAMED_FIELD = /^'([\w.[\]]+)'(?::\s*)?\s*(.*)$/s;

/**
 * The form field a server refusal names, with the reason to show under it; undefined when the refusal
 * names no field of this form (it is then the form's own error).
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const match = NAMED_FIELD.exec(error.message);
  const field = match?.[1] as F | undefined;
  if (!match || !field || !fields.includes(field)) return undefined;
  const reason = match[2]!.trim();
  // Under the field itself, "'x' alanı zorunludur." reads "Bu alan zorunludur."
  const message = reason.startsWith('alanı ') ? `Bu alan ${reason.slice('alanı '.length)}` : reason;
  return { field, message: message || error.message };
}
