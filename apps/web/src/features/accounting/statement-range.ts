import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { DayRange } from './api.ts';

/** The statement opens on the last 30 days, today included. */
export function lastThirtyDays(now = new Date()): DayRange {
  const today = istanbulDate(now);
  return { from: addDays(today, -29), to: today };
}

/** Quick ranges ending today, beside the two date fields. */
export function quickRanges(now = new Date()): { label: string; range: DayRange }[] {
  const today = istanbulDate(now);
  return [
    { label: 'Son 30 gün', range: lastThirtyDays(now) },
    { label: 'Bu ay', range: { from: `${today.slice(0, 8)}01`, to: today } },
    { label: 'Son 90 gün', range: { from: addDays(today, -89), to: today } },
    { label: 'Bu yıl', range: { from: `${today.slice(0, 5)}01-01`, to: today } },
  ];
}
