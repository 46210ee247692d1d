import {
  CLOSED_SHIPMENT_STATUSES,
  type ShipmentStatus,
  SHIPMENT_STATUSES as shipmentStatuses,
} from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { statusNotIn } from '../status-sql.ts';
import { users } from './access.ts';
import { buyerWarehouses } from './buyers.ts';
import { versionColumns } from './record-version.ts';
import { warehouses } from './stock.ts';

/** The order logistics fleet and its shipments (docs/domain/loading-and-shipments.md). */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const figure = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

const VEHICLE_STATUSES = ['AVAILABLE', 'IN_MAINTENANCE', 'OUT_OF_SERVICE'] as const;
const DRIVER_STATUSES = ['AVAILABLE', 'LOAD_WEIGHT_CHECK', 'ON_DELIVERY', 'ON_VACATION'] as const;
// The contract's statuses, in its order (the check constraint lists them so).
export const SHIPMENT_STATUSES = shipmentStatuses as [ShipmentStatus, ...ShipmentStatus[]];
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    licencePlateCode: text('licence_plate_code').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    productionYear: integer('production_year').notNull(),
    yearOfPurchase: integer('year_of_purchase').notNull(),
    capacityInTons: figure('capacity_in_tons').notNull().default(0),
    palletCapacity: integer('pallet_capacity').notNull().default(0),
    fuelConsumptionEmpty: figure('fuel_consumption_empty').notNull().default(0),
    fuelConsumptionHalfFull: figure('fuel_consumption_half_full').notNull().default(0),
    fuelConsumptionFull: figure('fuel_consumption_full').notNull().default(0),
    /** The status set by hand; 'on a shipment' follows from the open shipments. */
    status: text('status', { enum: VEHICLE_STATUSES }).notNull().default('AVAILABLE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versionColumns(),
  },
  (t) => [
    // '34 ABC 123' and '34ABC123' are the same plate (stored upper case).
    uniqueIndex('vehicles_plate_key').on(sql`replace(${t.licencePlateCode}, ' ', '')`),
    check(
      'vehicles_figures_check',
      sql`${t.capacityInTons} >= 0 and ${t.palletCapacity} >= 0 and ${t.fuelConsumptionEmpty} >= 0
        and ${t.fuelConsumptionHalfFull} >= 0 and ${t.fuelConsumptionFull} >= 0`,
    ),
    check('vehicles_status_check', inList('status', VEHICLE_STATUSES)),
  ],
);

/** Order drivers (`/shipments/vehicleDrivers`). */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    gender: text('gender', { enum: ['Erkek', 'Kadın'] }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phone: text('phone').notNull().default(''),
    tckn: text('tckn'),
    licenceNumber: text('licence_number').notNull().default(''),
    status: text('status', { enum: DRIVER_STATUSES }).notNull().default('AVAILABLE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versionColumns(),
  },
  (t) => [
    check('drivers_name_check', sql`btrim(${t.name}) <> '' and btrim(${t.surname}) <> ''`),
    check('drivers_status_check', inList('status', DRIVER_STATUSES)),
  ],
);

/** The drivers assigned to a vehicle (the vehicle list shows them as text). */
export const vehicleDrivers = pgTable(
  'vehicle_drivers',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.driverId] }),
    index('vehicle_drivers_driver_idx').on(t.driverId),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'restrict' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    fromWarehouseId: integer('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    intermediateWarehouse1Id: integer('intermediate_warehouse1_id').references(() => buyerWarehouses.id, {
      onDelete: 'restrict',
    }),
    intermediateWarehouse2Id: integer('intermediate_warehouse2_id').references(() => buyerWarehouses.id, {
      onDelete: 'restrict',
    }),
    toWarehouseId: integer('to_warehouse_id')
      .notNull()
      .references(() => buyerWarehouses.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('PARKING'),
    /** Null when a stop has no coordinates: no figure rather than a wrong one. */
    routeDistanceInMeters: integer('route_distance_in_meters'),
    routeDurationInSeconds: integer('route_duration_in_seconds'),
    routeIsEstimate: boolean('route_is_estimate').notNull().default(true),
    /** The routing service's road as [[lat, lng], …]; null for an estimate. */
    routeGeometry: jsonb('route_geometry').$type<[number, number][]>(),
    loadedWeightInTons: numeric('loaded_weight_in_tons', { precision: 8, scale: 3, mode: 'number' }),
    description: text('description').notNull().default(''),
    // The load figures, kept by every write that changes the loads or their items' acceptance
    // (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md), so a page of the list reads them off its own rows.
    loadCount: integer('load_count').notNull().default(0),
    loadPieces: integer('load_pieces').notNull().default(0),
    /** Null without loads; true when every loaded item is LOAD_STATUS_ACCEPTED. */
    loadsAllAccepted: boolean('loads_all_accepted'),
    /** The net tons of the loads' weighable bundle lines; null when none weighs. */
    expectedWeightInTons: numeric('expected_weight_in_tons', { mode: 'number' }),
    /** Null without loads; false when a loaded bundle line counts pieces (QUANTITY), whose weight is unknown. */
    expectedWeightComplete: boolean('expected_weight_complete'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_code_key').on(t.code),
    // One open shipment per vehicle and per driver, even when two requests race.
    uniqueIndex('shipments_open_vehicle_key')
      .on(t.vehicleId)
      .where(statusNotIn('status', CLOSED_SHIPMENT_STATUSES)),
    uniqueIndex('shipments_open_driver_key')
      .on(t.driverId)
      .where(statusNotIn('status', CLOSED_SHIPMENT_STATUSES)),
    index('shipments_status_idx').on(t.status),
    // The list pages newest first and filters by vehicle and destination (docs/decisions/0110-shipment-list-pages-filters-sql-unpaged-bounded.md).
    index('shipments_created_idx').on(t.createdAt, t.id),
    index('shipments_vehicle_idx').on(t.vehicleId, t.createdAt, t.id),
    index('shipments_to_warehouse_idx').on(t.toWarehouseId, t.createdAt, t.id),
    check('shipments_status_check', inList('status', SHIPMENT_STATUSES)),
    check(
      'shipments_figures_check',
      sql`(${t.routeDistanceInMeters} is null or ${t.routeDistanceInMeters} >= 0)
        and (${t.routeDurationInSeconds} is null or ${t.routeDurationInSeconds} >= 0)
        and (${t.loadedWeightInTons} is null or ${t.loadedWeightInTons} > 0)`,
    ),
  ],
);
