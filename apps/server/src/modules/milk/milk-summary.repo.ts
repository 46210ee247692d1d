import { PORTAL_TIME_ZONE } from '@mandira/contract/istanbul-time';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { milkDeliveries, milkVehicleDrivers, milkVehicles } from '../../db/schema.ts';

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

/*
 * The summary's four reads, each a query built but not yet run: the service runs them one by one in
 * its read-only snapshot.
 */

/** The litres of every delivery matching `where`, per milk type. */
export const sumDeliveries = (tx: Tx, where: SQL | undefined) =>
  tx.select(sums).from(milkDeliveries).where(where);

/** The litres per Istanbul day (YYYY-MM-DD). */
export const sumDeliveriesByDay = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({ date: istanbulDay, ...sums })
    .from(milkDeliveries)
    .where(where)
    .groupBy(istanbulDay);

/** The litres per vehicle, most first. */
export const sumDeliveriesByVehicle = (tx: Tx, where: SQL | undefined) =>
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
    .orderBy(desc(sums.totalVolume), milkVehicles.licencePlateCode);

/** The litres per driver, most first. */
export const sumDeliveriesByDriver = (tx: Tx, where: SQL | undefined) =>
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
    .orderBy(desc(sums.totalVolume), milkVehicleDrivers.name);
