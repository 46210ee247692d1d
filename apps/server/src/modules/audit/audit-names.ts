import {
  AUDIT_RECORD_MATCHES_MAX,
  type AuditEntityType,
  type AuditRecordList,
  type AuditRecordQuery,
} from '@mandira/contract/audit';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { turkishContains } from '../../db/turkish-search.ts';

/**
 * How the office names a record of each kind: its rows (`r`, with what the name needs joined) and the
 * name made of them. The trail's entries and the values of their changes are named through it, and the
 * filters' pickers search it (decision 144).
 */
type Naming = { rows: SQL; name: SQL };

const personName = (alias: string) => sql.raw(`nullif(trim(${alias}.name || ' ' || ${alias}.surname), '')`);

const NAMING: Record<AuditEntityType, Naming> = {
  ORDER: {
    rows: sql`orders r join buyers b on b.id = r.buyer_id`,
    name: sql`r.order_number || ' · ' || b.title`,
  },
  ORDER_ITEM: {
    rows: sql`order_items r join orders o on o.id = r.order_id`,
    name: sql`o.order_number || ' · ' || r.product_name`,
  },
  BASKET: { rows: sql`baskets r join buyers b on b.id = r.buyer_id`, name: sql`b.title` },
  SHIPMENT: { rows: sql`shipments r`, name: sql`r.code` },
  SHIPMENT_LOAD: {
    rows: sql`shipment_loads r join shipments s on s.id = r.shipment_id
              join order_items i on i.id = r.order_item_id join orders o on o.id = i.order_id`,
    name: sql`s.code || ' · ' || o.order_number || ' · ' || i.product_name`,
  },
  PAYMENT: {
    rows: sql`accounting_transactions r join buyers b on b.id = r.buyer_id left join orders o on o.id = r.order_id`,
    name: sql`b.title || coalesce(' · Sipariş ' || o.order_number, '')`,
  },
  BUYER: { rows: sql`buyers r`, name: sql`r.title` },
  BUYER_WAREHOUSE: { rows: sql`buyer_warehouses r`, name: sql`r.title` },
  PRODUCT: { rows: sql`products r`, name: sql`r.name` },
  PRODUCT_ITEM: { rows: sql`product_items r`, name: sql`r.name` },
  STOCK: {
    rows: sql`stock_lines r join product_items i on i.id = r.product_item_id join warehouses w on w.id = r.warehouse_id`,
    name: sql`i.name || ' · ' || w.short_name`,
  },
  WAREHOUSE: { rows: sql`warehouses r`, name: sql`r.name` },
  VEHICLE: { rows: sql`vehicles r`, name: sql`r.licence_plate_code` },
  DRIVER: { rows: sql`drivers r`, name: personName('r') },
  MILK_VEHICLE: { rows: sql`milk_vehicles r`, name: sql`r.licence_plate_code` },
  MILK_DRIVER: { rows: sql`milk_vehicle_drivers r`, name: personName('r') },
  MILK_DELIVERY: {
    rows: sql`milk_deliveries r join milk_vehicles v on v.id = r.milk_vehicle_id`,
    name: sql`v.licence_plate_code || ' · ' || to_char(r.delivery_date_time at time zone 'Europe/Istanbul', 'DD.MM.YYYY HH24:MI')`,
  },
  USER: { rows: sql`users r`, name: sql`coalesce(${personName('r')}, r.user_name)` },
  ROLE: { rows: sql`roles r`, name: sql`r.label` },
};

const TYPES = Object.keys(NAMING) as AuditEntityType[];

/** A record the answer names: its kind and number. */
export type RecordRef = { entityType: AuditEntityType; id: number };
export type RecordNames = ReadonlyMap<string, string>;
export const refKey = (entityType: AuditEntityType, id: number) => `${entityType}:${id}`;

/**
 * The names of the records, in one statement whatever their kinds: each wanted record looks its name
 * up by primary key. A record that no longer exists has none.
 */
export async function namesOf(db: Db, refs: readonly RecordRef[]): Promise<RecordNames> {
  const unique = [...new Map(refs.map((ref) => [refKey(ref.entityType, ref.id), ref])).values()];
  if (unique.length === 0) return new Map();
  const branches = TYPES.map(
    (type) =>
      sql`when ${type} then (select ${NAMING[type].name} from ${NAMING[type].rows} where r.id = wanted.id)`,
  );
  const rows = await rowsOf<{ entity_type: AuditEntityType; id: number; name: string | null }>(
    db,
    sql`select wanted.entity_type, wanted.id, case wanted.entity_type ${sql.join(branches, sql` `)} end as name
          from unnest(${sql.param(unique.map((ref) => ref.entityType))}::text[],
                      ${sql.param(unique.map((ref) => ref.id))}::int[]) as wanted(entity_type, id)`,
  );
  return new Map(
    rows.filter((row) => row.name !== null).map((row) => [refKey(row.entity_type, row.id), row.name!]),
  );
}

/** Records of one kind whose name contains the search, by name; or the one record `id` names. */
export async function searchRecords(db: Db, query: AuditRecordQuery): Promise<AuditRecordList> {
  const { rows, name } = NAMING[query.entityType];
  const where: SQL[] = [];
  if (query.id !== undefined) where.push(sql`r.id = ${query.id}`);
  if (query.q) where.push(turkishContains([name], query.q));
  const found = await rowsOf<{ id: number; name: string | null }>(
    db,
    sql`select r.id, ${name} as name from ${rows}
         ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
         order by 2, 1 limit ${AUDIT_RECORD_MATCHES_MAX}`,
  );
  return found.map((row) => ({ id: row.id, name: row.name ?? `#${row.id}` }));
}
