import { formatNumber } from '../../lib/format/format.ts';

/** Litres as the dairy reads them: Turkish grouping, one decimal at most ('12.500,5'). */
export function formatLitres(value: number | null | undefined): string {
  return formatNumber(value, 1);
}

/**
 * A delivery's time the Turkish way, 'GG.AA.YYYY SS:DD', as the form takes it (decision 107). The
 * server writes Istanbul time with its offset, so its first 16 characters are already the local time.
 */
export function deliveryTimeText(deliveryDateTime: string): string {
  const [day, time] = [deliveryDateTime.slice(0, 10), deliveryDateTime.slice(11, 16)];
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)} ${time}`;
}
