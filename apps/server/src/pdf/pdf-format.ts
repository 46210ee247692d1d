import { formatLira } from '@mandira/contract/accounting';

/** Money in a printed document: tr-TR with the lira sign, as on the screens ('₺1.234,50'). */
export const pdfMoney = (amount: number): string => formatLira(amount);

const dateFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant (or ISO text) as its Istanbul day, '23.11.2026'. */
export const pdfDate = (value: Date | string): string => dateFormat.format(new Date(value));
/** An instant as its Istanbul day and time, '23.11.2026 14:05'. */
export const pdfDateTime = (value: Date | string): string => dateTimeFormat.format(new Date(value));
/** A calendar day 'YYYY-MM-DD' as '23.11.2026', without any time zone arithmetic. */
export const pdfDay = (day: string): string => day.split('-').reverse().join('.');
