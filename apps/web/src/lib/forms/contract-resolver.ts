import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { formatNumber } from '../format/format.ts';

export const REQUIRED_MESSAGE = 'Bu alan zorunludur.';

type Issue = {
  code?: string;
  input?: unknown;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  format?: string;
  expected?: string;
};

const isMissing = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

function sizeMessage(issue: Issue): string | undefined {
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const shown = formatNumber(bound, 6);
  if (issue.origin === 'string') {
    if (issue.code === 'too_small') return bound <= 1 ? REQUIRED_MESSAGE : `En az ${shown} karakter giriniz.`;
    return `En fazla ${shown} karakter girilebilir.`;
  }
  if (issue.origin === 'array') {
    return issue.code === 'too_small'
      ? `En az ${shown} kayıt seçiniz.`
      : `En fazla ${shown} kayıt seçilebilir.`;
  }
  if (issue.code === 'too_small') {
    if (bound === 0 && issue.inclusive === false) return 'Sıfırdan büyük bir değer giriniz.';
    return issue.inclusive === false ? `${shown} değerinden büyük olmalıdır.` : `En az ${shown} olmalıdır.`;
  }
  return issue.inclusive === false ? `${shown} değerinden küçük olmalıdır.` : `En fazla ${shown} olabilir.`;
}

/**
 * A field's message for a contract schema's issue that carries no Turkish text of its own. The
 * contract's own messages win: zod asks this only where a schema leaves the wording open.
 */
function fieldMessage(raw: unknown): string | undefined {
  const issue = raw as Issue;
  if (isMissing(issue.input)) return REQUIRED_MESSAGE;
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_type':
      if (issue.expected === 'int') return 'Tam sayı giriniz.';
      return typeof issue.input === 'number' || typeof issue.input === 'string'
        ? 'Geçerli bir sayı giriniz.'
        : 'Geçersiz değer.';
    case 'invalid_value':
    case 'invalid_union':
      return 'Listeden bir değer seçiniz.';
    case 'invalid_format':
      return issue.format === 'email' ? 'Geçerli bir e-posta adresi giriniz.' : 'Geçersiz biçim.';
    default:
      return 'Geçersiz değer.';
  }
}

/**
 * The parse options every form passes to `zodResolver` with its contract schema, so a field shows
 * Turkish words even where the schema gives none: `zodResolver(Schema, FIELD_MESSAGES)`.
 */
export const FIELD_MESSAGES = { error: fieldMessage };

/**
 * A form checked with the contract schema its request is checked with on the server; the submit
 * handler gets the form's own values (the form builds its request from them). `toBody`, when the
 * request differs from the values, makes the request that is checked; it keeps the field names.
 */
export function contractResolver<Values extends FieldValues>(
  schema: z.ZodType<unknown, FieldValues>,
  toBody?: (values: Values) => unknown,
): Resolver<Values> {
  const checked = toBody ? z.preprocess((values) => toBody(values as Values), schema) : schema;
  // The values are the schema's input in the form's own types (a select's id as text, say),
  // which TypeScript cannot line up field by field.
  return zodResolver(checked as z.ZodType<unknown, FieldValues>, FIELD_MESSAGES, {
    raw: true,
  }) as unknown as Resolver<Values>;
}
