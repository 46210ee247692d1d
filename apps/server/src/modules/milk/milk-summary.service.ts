import { addDays, daysBetween, istanbulWeek } from '@mandira/contract/istanbul-time';
import type { MilkSummary, MilkSummaryQuery, MilkVolumes } from '@mandira/contract/milk';
import type { z } from 'zod';
import { type Db, oneByOne } from '../../db/client.ts';
import { deliveryConditions } from './milk-delivery.service.ts';
import {
  sumDeliveries,
  sumDeliveriesByDay,
  sumDeliveriesByDriver,
  sumDeliveriesByVehicle,
} from './milk-summary.repo.ts';

type Query = z.output<typeof MilkSummaryQuery>;

const zero: MilkVolumes = {
  cowMilkVolume: 0,
  sheepMilkVolume: 0,
  goatMilkVolume: 0,
  totalVolume: 0,
  deliveryCount: 0,
};

/** Without a range: this week; with one end only: the week that starts or ends there. */
function rangeOf(query: Query, now: Date): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, 6) };
  if (query.to) return { from: addDays(query.to, -6), to: query.to };
  return istanbulWeek(now);
}

/** Litres per day and milk type, per vehicle and per driver over a range of Istanbul days, in SQL. */
export async function milkCollectionSummary(db: Db, query: Query, now = new Date()): Promise<MilkSummary> {
  const { from, to } = rangeOf(query, now);
  const where = deliveryConditions({ ...query, from, to });
  // One snapshot, so that the totals and the breakdowns agree even while deliveries are being saved.
  const [totals, daily, byVehicle, byDriver] = await db.transaction(
    (tx) =>
      oneByOne([
        sumDeliveries(tx, where),
        sumDeliveriesByDay(tx, where),
        sumDeliveriesByVehicle(tx, where),
        sumDeliveriesByDriver(tx, where),
      ]),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const byDay = new Map(daily.map((row) => [row.date, row]));
  return {
    from,
    to,
    totals: totals[0] ?? zero,
    // Days without a delivery are part of the picture too: the chart shows them as zero.
    daily: daysBetween(from, to).map((date) => ({ ...zero, ...byDay.get(date), date })),
    byVehicle,
    byDriver,
  };
}
