import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { versionColumns } from './record-version.ts';

/** Litres with one decimal (docs/domain/milk.md), read as JSON numbers. */
const litres = (name: string) => numeric(name, { precision: 10, scale: 1, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const milkVehicles = pgTable(
  'milk_vehicles',
  {
    id: serial('id').primaryKey(),
    licencePlateCode: text('licence_plate_code').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    productionYear: integer('production_year'),
    yearOfPurchase: integer('year_of_purchase'),
    tankerCount: integer('tanker_count').notNull().default(0),
    tankerVolumePerUnit: litres('tanker_volume_per_unit').notNull().default(0),
    // Generated, so no code path can store a total that disagrees with its factors.
    totalVolume: litres('total_volume')
      .notNull()
      .generatedAlwaysAs(sql`"tanker_count" * "tanker_volume_per_unit"`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versionColumns(),
  },
  (t) => [
    // '34 ABC 123' and '34ABC123' are the same plate.
    uniqueIndex('milk_vehicles_plate_key').on(sql`replace(${t.licencePlateCode}, ' ', '')`),
    check('milk_vehicles_tanker_count_check', sql`${t.tankerCount} >= 0`),
    check('milk_vehicles_tanker_volume_check', sql`${t.tankerVolumePerUnit} >= 0`),
  ],
);

export const milkVehicleDrivers = pgTable(
  'milk_vehicle_drivers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    gender: text('gender', { enum: ['Erkek', 'Kadın'] }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phone: text('phone').notNull().default(''),
    tckn: text('tckn'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versionColumns(),
  },
  (t) => [
    check('milk_vehicle_drivers_name_check', sql`btrim(${t.name}) <> '' and btrim(${t.surname}) <> ''`),
  ],
);

export const milkDeliveries = pgTable(
  'milk_deliveries',
  {
    id: serial('id').primaryKey(),
    milkVehicleId: integer('milk_vehicle_id')
      .notNull()
      .references(() => milkVehicles.id),
    milkVehicleDriverId: integer('milk_vehicle_driver_id')
      .notNull()
      .references(() => milkVehicleDrivers.id),
    deliveredCowMilkVolume: litres('delivered_cow_milk_volume').notNull().default(0),
    deliveredSheepMilkVolume: litres('delivered_sheep_milk_volume').notNull().default(0),
    deliveredGoatMilkVolume: litres('delivered_goat_milk_volume').notNull().default(0),
    deliveryDateTime: timestamp('delivery_date_time', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list is read newest first, by date range, and per vehicle or driver within a range.
    index('milk_deliveries_date_idx').on(t.deliveryDateTime, t.id),
    index('milk_deliveries_vehicle_date_idx').on(t.milkVehicleId, t.deliveryDateTime),
    index('milk_deliveries_driver_date_idx').on(t.milkVehicleDriverId, t.deliveryDateTime),
    check(
      'milk_deliveries_volumes_check',
      sql`${t.deliveredCowMilkVolume} >= 0 and ${t.deliveredSheepMilkVolume} >= 0 and ${t.deliveredGoatMilkVolume} >= 0`,
    ),
  ],
);

/**
 * The deliveries of each Istanbul day, kept by the deliveries' triggers (migration 0029, decision 164):
 * a list's count over whole days without reading its deliveries.
 */
export const milkDeliveryDays = pgTable('milk_delivery_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  deliveries: integer('deliveries').notNull(),
});
