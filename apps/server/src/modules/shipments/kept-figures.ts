import { type StatusDayCounts, statusDayCountsFigure } from '../../db/status-day-counts.ts';

/** The shipments counted per status and Istanbul day (migration 0036), which the shipment list sums (decision 192). */
export const SHIPMENT_DAYS: StatusDayCounts = {
  counts: 'shipment_day_counts',
  counted: 'shipments',
  trigger: 'shipments_keep_day_counts',
};

/** How many shipments of each status were created on each day: moved at commit by a deferred trigger on the shipments. */
export const SHIPMENT_DAY_COUNTS = statusDayCountsFigure('shipments per status and day', SHIPMENT_DAYS);
