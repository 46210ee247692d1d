import { formatNumber } from '../../lib/format.ts';

/** Litres as the dairy reads them: Turkish grouping, one decimal at most ('12.500,5'). */
export function formatLitres(value: number | null | undefined): string {
  return formatNumber(value, 1);
}

/**
 * A delivery's time as spec §2 shows it, 'YYYY-MM-DD HH:MM'. The server writes Istanbul time with
 * its offset, so the first 16 characters are already the local time.
 */
export function deliveryTimeText(deliveryDateTime: string): string {
  return deliveryDateTime.slice(0, 16).replace('T', ' ');
}
