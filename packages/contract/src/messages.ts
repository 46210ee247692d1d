import { z } from 'zod';

const REQUIRED = 'zorunlu';

z.config(z.locales.tr());
// The locale says 'beklenen string, alınan undefined'; a missing field deserves plainer words.
const MISSING_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);
z.config({
  customError: (issue) =>
    MISSING_CODES.has(issue.code ?? '') && issue.input === undefined ? REQUIRED : undefined,
});

type Issue = z.core.$ZodIssue;

function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** One Turkish sentence for one zod issue, naming the field it concerns. */
export function describeIssue(issue: Issue): string {
  const field = fieldName(issue.path);
  const where = field ? `'${field}'` : 'İstek gövdesi';
  if (issue.message === REQUIRED) {
    return `${where} alanı zorunludur.`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) {
    return `${where} alanı boş bırakılamaz.`;
  }
  return `${where}: ${issue.message}`;
}

/** The message of a failed validation: its first issue, since a form shows one message at a time. */
export function describeIssues(issues: readonly Issue[]): string {
  const first = issues[0];
  return first ? describeIssue(first) : 'Geçersiz istek.';
}
