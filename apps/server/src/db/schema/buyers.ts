import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versionColumns } from './record-version.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Six decimals of a degree are some ten centimetres: plenty for a delivery point. */
const degrees = (name: string) => numeric(name, { precision: 9, scale: 6, mode: 'number' });

export const buyers = pgTable(
  'buyers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    email: text('email').notNull().default(''),
    phone1: text('phone1').notNull().default(''),
    phone2: text('phone2').notNull().default(''),
    tckn: text('tckn'),
    vkn: text('vkn'),
    taxOffice: text('tax_office').notNull().default(''),
    addressMain: text('address_main').notNull().default(''),
    addressSecondary: text('address_secondary').notNull().default(''),
    /** Goods must arrive with at least this many days before their expiry; null asks nothing (decision 151). */
    minRemainingShelfLifeDays: integer('min_remaining_shelf_life_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versionColumns(),
  },
  (t) => [
    // The ERP matches its records to buyers by code; the approval queue joins on it.
    uniqueIndex('buyers_code_key').on(t.code),
    check('buyers_code_title_check', sql`btrim(${t.code}) <> '' and btrim(${t.title}) <> ''`),
  ],
);

/** Buyer records from the ERP waiting for approval, one per code; what the ERP left out is null. */
export const pendingBuyers = pgTable(
  'pending_buyers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    tckn: text('tckn'),
    vkn: text('vkn'),
    taxOffice: text('tax_office'),
    addressMain: text('address_main'),
    addressSecondary: text('address_secondary'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_buyers_code_key').on(t.code)],
);

/**
 * A buyer's delivery points; orders name one as their branch and shipments stop at them
 * (docs/domain/buyers.md).
 */
export const buyerWarehouses = pgTable(
  'buyer_warehouses',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    latitude: degrees('latitude'),
    longitude: degrees('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versionColumns(),
  },
  (t) => [
    // One buyer's codes are unique; the index also serves the per-buyer list.
    uniqueIndex('buyer_warehouses_buyer_code_key').on(t.buyerId, t.code),
    check(
      'buyer_warehouses_location_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null)
        and (${t.latitude} is null or ${t.latitude} between -90 and 90)
        and (${t.longitude} is null or ${t.longitude} between -180 and 180)`,
    ),
  ],
);
