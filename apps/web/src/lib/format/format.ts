/** tr-TR display formats. Every date is shown in Istanbul time, whatever the browser's zone. */
export const TIME_ZONE = 'Europe/Istanbul';

const dateTimeParts = new Intl.DateTimeFormat('tr-TR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(dateTimeParts.formatToParts(date).map((part) => [part.type, part.value]));
}

/** `DD.MM.YYYY HH:mm`; empty text for a missing or unreadable value. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/**
 * The Istanbul wall-clock time of a moment as a Date whose UTC fields hold it: a spreadsheet cell keeps
 * no zone and shows a date's UTC fields, so this is what makes Excel show the time the screen shows.
 */
export function spreadsheetDate(value: DateInput): Date | null {
  const date = toDate(value);
  if (!date) return null;
  const p = parts(date);
  return new Date(
    Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)),
  );
}

/** `DD.MM.YYYY`. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = parts(date);
  return `${p.day}.${p.month}.${p.year}`;
}

/** An amount in lira, e.g. `₺1.234,50`. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return money.format(amount);
}

/** A number with Turkish grouping and decimal comma, e.g. `12.500,5`. */
export function formatNumber(value: number | null | undefined, maximumFractionDigits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat('tr-TR', { maximumFractionDigits }).format(value);
}

/**
 * A page's count as the server gives it: '10.000+' when it stopped counting at its limit (decision 149,
 * `countCapped`), else the whole number, e.g. '2.100'.
 */
export function formatCount(page: { count: number; countCapped?: boolean }): string {
  return `${formatNumber(page.count, 0)}${page.countCapped ? '+' : ''}`;
}
