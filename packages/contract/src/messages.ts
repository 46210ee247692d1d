import { z } from 'zod';
import { FIELD_LABELS } from './field-labels.ts';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const numberFormat = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 6 });
const amount = (value: number | bigint) => numberFormat.format(value);

const TYPE_WORDS: Record<string, string> = {
  string: 'metin olmalıdır.',
  number: 'sayı olmalıdır.',
  int: 'tam sayı olmalıdır.',
  boolean: 'evet ya da hayır (true/false) olmalıdır.',
  array: 'liste olmalıdır.',
  object: 'nesne olmalıdır.',
  date: 'tarih olmalıdır.',
};

/** The value a wrong type or a bad choice lists, as a user would write it. */
const shown = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));

/**
 * The one Turkish wording of every zod issue kind (decision 47): a fragment that follows the field's
 * label ('Kullanıcı adı en fazla 50 karakter olmalıdır.'), with no type names of the code and sizes
 * said in words. A schema's own message, a whole sentence, still wins.
 */
export function turkishIssue(issue: RawIssue): string {
  if (issue.input === undefined && ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code)) {
    return 'zorunludur.';
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === null) return 'boş bırakılamaz.';
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) {
        return 'geçerli bir sayı olmalıdır (çok büyük ya da tanımsız).';
      }
      return TYPE_WORDS[issue.expected] ?? 'geçerli bir değer olmalıdır.';
    case 'invalid_value':
      return issue.values.length === 1
        ? `${shown(issue.values[0])} olmalıdır.`
        : `şunlardan biri olmalıdır: ${issue.values.map(shown).join(', ')}.`;
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case 'invalid_format':
      if (issue.format === 'email') return 'geçerli bir e-posta adresi olmalıdır.';
      return 'geçerli biçimde değil.';
    case 'not_multiple_of':
      return `${amount(Number(issue.divisor))} katı olmalıdır.`;
    case 'unrecognized_keys':
      return `tanınmayan alanlar içeriyor: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
    case 'invalid_element':
      return 'geçersiz bir değer içeriyor.';
    default:
      return 'geçerli bir değer olmalıdır.';
  }
}

function tooBig(origin: string, maximum: number, inclusive: boolean): string {
  if (origin === 'string') return `en fazla ${amount(maximum)} karakter olmalıdır.`;
  if (origin === 'array' || origin === 'set') return `en fazla ${amount(maximum)} öğe içermelidir.`;
  if (origin === 'date') return 'çok ileri bir tarih.';
  return inclusive
    ? `en fazla ${amount(maximum)} olmalıdır.`
    : `${amount(maximum)} sayısından küçük olmalıdır.`;
}

function tooSmall(origin: string, minimum: number, inclusive: boolean): string {
  if (origin === 'string') {
    return minimum <= 1 ? 'boş bırakılamaz.' : `en az ${amount(minimum)} karakter olmalıdır.`;
  }
  if (origin === 'array' || origin === 'set') {
    return minimum <= 1 ? 'en az bir öğe içermelidir.' : `en az ${amount(minimum)} öğe içermelidir.`;
  }
  if (origin === 'date') return 'çok eski bir tarih.';
  return inclusive ? `en az ${amount(minimum)} olmalıdır.` : `${amount(minimum)} sayısından büyük olmalıdır.`;
}

z.config({ localeError: turkishIssue });

/** The path of a field as the envelope names it: `stockChange[0].importedQuantity`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/**
 * The field as a user reads it: its Turkish label (the last named step of the path), and the line of
 * a list it is on ('Giriş miktarı (1. satır)'); a field without a label keeps its key in quotes.
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  const last = names.at(-1);
  const label = last === undefined ? 'İstek gövdesi' : (FIELD_LABELS[last] ?? `'${last}' alanı`);
  const lines = path
    .map((p, at) => (typeof p === 'number' ? `${p + 1}. ${at === path.length - 1 ? 'öğe' : 'satır'}` : ''))
    .filter(Boolean);
  return lines.length > 0 ? `${label} (${lines.join(', ')})` : label;
}

const startsLower = (message: string) => /^\p{Ll}/u.test(message);

/** One Turkish sentence for one zod issue, naming the field it concerns. */
export function describeIssue(issue: Issue, whole = 'İstek gövdesi'): string {
  const label = issue.path.length === 0 ? whole : fieldLabel(issue.path);
  const message = issue.message;
  if (startsLower(message)) return `${label} ${message}`;
  // A schema's own sentence: it names the field already, or gets the label in front.
  const bare = label.replace(/ \(.*\)$/, '');
  return message.toLocaleLowerCase('tr-TR').startsWith(bare.toLocaleLowerCase('tr-TR'))
    ? message
    : `${label}: ${message}`;
}

/** The message of a failed validation: its first issue, since a form shows one message at a time. */
export function describeIssues(issues: readonly Issue[]): string {
  const first = issues[0];
  return first ? describeIssue(first) : 'Geçersiz istek.';
}
