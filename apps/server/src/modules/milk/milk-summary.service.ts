import { addDays, daysBetween, istanbulWeek, PORTAL_TIME_ZONE } from '@mandira/contract/istanbul-time';
import type { MilkSummary, MilkSummaryQuery, MilkVolumes } from '@mandira/contract/milk';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, oneByOne } from '../../db/client.ts';
import { milkDeliveries, milkVehicleDrivers, milkVehicles } from '../../db/schema.ts';
import { deliveryConditions } from './milk-delivery.service.ts';

type Query = z.output<typeof MilkSummaryQuery>;

const cow = milkDeliveries.deliveredCowMilkVolume;
const sheep = milkDeliveries.deliveredSheepMilkVolume;
const goat = milkDeliveries.deliveredGoatMilkVolume;

// numeric sums arrive as text from both drivers; they are exact, so Number() loses nothing shown.
const sums = {
  cowMilkVolume: sql<number>`coalesce(sum(${cow}), 0)`.mapWith(Number),
  sheepMilkVolume: sql<number>`coalesce(sum(${sheep}), 0)`.mapWith(Number),
  goatMilkVolume: sql<number>`coalesce(sum(${goat}), 0)`.mapWith(Number),
  totalVolume: sql<number>`coalesce(sum(${cow} + ${sheep} + ${goat}), 0)`.mapWith(Number),
  deliveryCount: count(),
};

// The zone is inlined, not a parameter, so that GROUP BY repeats the very same expression.
const istanbulDay = sql<string>`to_char(${milkDeliveries.deliveryDateTime} at time zone ${sql.raw(`'${PORTAL_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

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
        tx.select(sums).from(milkDeliveries).where(where),
        tx
          .select({ date: istanbulDay, ...sums })
          .from(milkDeliveries)
          .where(where)
          .groupBy(istanbulDay),
        tx
          .select({
            milkVehicleId: milkVehicles.id,
            licencePlateCode: milkVehicles.licencePlateCode,
            ...sums,
          })
          .from(milkDeliveries)
          .innerJoin(milkVehicles, eq(milkVehicles.id, milkDeliveries.milkVehicleId))
          .where(where)
          .groupBy(milkVehicles.id)
          .orderBy(desc(sums.totalVolume), milkVehicles.licencePlateCode),
        tx
          .select({
            milkVehicleDriverId: milkVehicleDrivers.id,
            driverFullName: sql<string>`${milkVehicleDrivers.name} || ' ' || ${milkVehicleDrivers.surname}`,
            ...sums,
          })
          .from(milkDeliveries)
          .innerJoin(milkVehicleDrivers, eq(milkVehicleDrivers.id, milkDeliveries.milkVehicleDriverId))
          .where(where)
          .groupBy(milkVehicleDrivers.id)
          .orderBy(desc(sums.totalVolume), milkVehicleDrivers.name),
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
