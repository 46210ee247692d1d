import { addDays } from '@mandira/contract/istanbul-time';

/** The quick ranges: one week, one month, three months, one year back from today. */
export const QUICK_RANGES = [
  { key: '1H', label: '1H', title: 'Son 1 hafta' },
  { key: '1A', label: '1A', title: 'Son 1 ay' },
  { key: '3A', label: '3A', title: 'Son 3 ay' },
  { key: '1Y', label: '1Y', title: 'Son 1 yıl' },
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number]['key'];

/** The same day `months` earlier, or the month's last day when it has no such day (31 March → 28/29 Feb). */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Start and end ('YYYY-MM-DD', Istanbul days) of a quick range ending today. */
export function quickRange(range: QuickRange, today: string): { startDate: string; endDate: string } {
  const startDate =
    range === '1H' ? addDays(today, -7) : monthsBefore(today, range === '1A' ? 1 : range === '3A' ? 3 : 12);
  return { startDate, endDate: today };
}
