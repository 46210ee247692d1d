import { lotLabel, UNDATED_LOT_LABEL } from '@mandira/contract/lots';
import { formatNumber } from '../format/format.ts';

/** A day of the contract, 'YYYY-MM-DD', as the screens show it: '28.11.2026'; '' for none. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** A lot to choose in a goods-out or a count: 'L-5 (SKT 03.12.2026) · 12 adet'. */
export function lotChoiceLabel(lot: { code: string; expiryDate: string | null; quantity: number }): string {
  return `${lotLabel(lot)} · ${formatNumber(lot.quantity, 0)} adet`;
}

export { UNDATED_LOT_LABEL };
