/** How a number field reads what was typed. */
export type NumberRules = {
  /** Digits allowed after the decimal comma; 0 makes a whole-number field. */
  decimals: number;
};

export type ParsedNumber =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'invalid'; message: string };

export const NOT_A_NUMBER_MESSAGE = 'Geçerli bir sayı giriniz (ör. 1.512,7).';
export const WHOLE_NUMBER_MESSAGE = 'Tam sayı giriniz; ondalık kısım girilemez.';
export const TOO_LARGE_MESSAGE = 'Sayı çok büyük.';
export const tooManyDecimalsMessage = (decimals: number) =>
  `En fazla ${decimals} ondalık basamak girilebilir.`;

/** Dots between groups of three digits, as Turkish writes thousands: '1.512', '12.500.000'. */
const GROUPED = /^[1-9]\d{0,2}(\.\d{3})+$/;
const DIGITS = /^\d*$/;

/** The integer and fraction digits of unsigned text, or undefined when it is no number at all. */
function split(text: string): { whole: string; fraction: string } | undefined {
  const commas = text.split(',').length - 1;
  if (commas > 1) return undefined;
  if (commas === 1) {
    // The comma is the decimal separator; dots before it can only group thousands.
    const [whole = '', fraction = ''] = text.split(',');
    if (!DIGITS.test(fraction)) return undefined;
    if (whole.includes('.'))
      return GROUPED.test(whole) ? { whole: whole.replaceAll('.', ''), fraction } : undefined;
    return DIGITS.test(whole) ? { whole, fraction } : undefined;
  }
  // Without a comma, '1.512' groups thousands as a Turkish reader expects; any other single dot
  // ('12.5', '0.125', '1.5123') is a decimal point typed the English way.
  if (GROUPED.test(text)) return { whole: text.replaceAll('.', ''), fraction: '' };
  const parts = text.split('.');
  if (parts.length > 2) return undefined;
  const [whole = '', fraction = ''] = parts;
  return DIGITS.test(whole) && DIGITS.test(fraction) ? { whole, fraction } : undefined;
}

/**
 * Reads a number typed the Turkish way: comma as decimal separator, dots grouping thousands, and a
 * dot typed as a decimal point understood too: '1.512,7' and '1512,7' → 1512.7, '12.5' → 12.5,
 * '-3' → -3. Text it cannot read exactly is refused with a message, never guessed at.
 *
 * The dot rule (docs/decisions/0138): a dot is a thousands separator only where it groups three
 * digits — '1.512' → 1512, '12.500.000' → 12500000, '1.512,7' → 1512.7; anywhere else, with no
 * comma, a single dot is a decimal point — '12.5' → 12.5, '8.01' → 8.01, '0.125' → 0.125. Dots
 * before a comma that do not group three digits ('1.5,7') are refused.
 */
export function parseTurkishNumber(input: string, rules: NumberRules): ParsedNumber {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/\u2212/g, '-');
  if (text === '') return { kind: 'empty' };
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text.replace(/^\+/, '');
  const parts = split(unsigned);
  if (!parts || parts.whole + parts.fraction === '')
    return { kind: 'invalid', message: NOT_A_NUMBER_MESSAGE };
  const fraction = parts.fraction.replace(/0+$/, '');
  if (fraction.length > rules.decimals) {
    return {
      kind: 'invalid',
      message: rules.decimals === 0 ? WHOLE_NUMBER_MESSAGE : tooManyDecimalsMessage(rules.decimals),
    };
  }
  const digits = `${parts.whole.replace(/^0+/, '')}${fraction}`;
  if (digits.length > 15) return { kind: 'invalid', message: TOO_LARGE_MESSAGE };
  const value = Number(`${negative ? '-' : ''}${parts.whole || '0'}.${fraction || '0'}`);
  // -0 would be shown as '-0'.
  return { kind: 'number', value: value === 0 ? 0 : value };
}

/**
 * The tr-TR text of a number as the field shows it: '1.512,7'. Every decimal the value has is shown,
 * even past what the field allows, so the text never hides part of the value it stands for;
 * `minimumDecimals` pads with zeros, as money is written ('5.000,50').
 */
export function formatTurkishNumber(
  value: number,
  options: { grouping?: boolean; minimumDecimals?: number } = {},
): string {
  const [, fraction = ''] = String(Math.abs(value)).split('.');
  const minimumFractionDigits = Math.min(options.minimumDecimals ?? 0, 20);
  return new Intl.NumberFormat('tr-TR', {
    minimumFractionDigits,
    maximumFractionDigits: Math.max(Math.min(fraction.length, 20), minimumFractionDigits),
    useGrouping: options.grouping ?? true,
  }).format(value);
}
