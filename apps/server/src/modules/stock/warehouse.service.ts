import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  type CreateWarehouseBody,
  WAREHOUSE_TYPE_LABELS,
  type Warehouse,
  type WarehouseName,
} from '@mandira/contract/stock';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { productItems, stockLines, warehouses } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { stampCreated } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';

type CreateInput = z.output<typeof CreateWarehouseBody>;

/** m³ held by a warehouse's stock: item width × length × height (cm) per piece, in SQL. */
const storedVolumeSql = sql<number>`(
  select coalesce(sum(sl.quantity * ${productItems.width} * ${productItems.length} * ${productItems.height}), 0) / 1000000.0
  from ${stockLines} as sl join ${productItems} on ${productItems.id} = sl.product_item_id
  where sl.warehouse_id = ${warehouses.id}
)`;

const occupancySql = sql<number>`case when ${warehouses.capacityInM3} > 0
  then round((${storedVolumeSql} / ${warehouses.capacityInM3} * 100)::numeric, 2) else 0 end`.mapWith(Number);

function selectWarehouses(db: Db | Tx) {
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      shortName: warehouses.shortName,
      description: warehouses.description,
      address: warehouses.address,
      phone: warehouses.phone,
      capacityInM3: warehouses.capacityInM3,
      warehouseType: warehouses.warehouseType,
      surfaceAreaInSquareMeters: warehouses.surfaceAreaInSquareMeters,
      estimatedOccupancyRate: occupancySql,
      latitude: warehouses.latitude,
      longitude: warehouses.longitude,
      createdAt: warehouses.createdAt,
    })
    .from(warehouses);
}

type Row = Awaited<ReturnType<typeof selectWarehouses>>[number];
const toWarehouse = (row: Row): Warehouse => ({
  ...row,
  warehouseTypeDescription: { name: row.warehouseType, label: WAREHOUSE_TYPE_LABELS[row.warehouseType] },
  createdAt: toIstanbulIso(row.createdAt),
});

export async function listWarehouses(db: Db): Promise<Warehouse[]> {
  const rows = await selectWarehouses(db).orderBy(asc(warehouses.id));
  return rows.map(toWarehouse);
}

/** The stock locations, as filters and stock tables name them (DEPO1 'Depo-1'). */
export async function listWarehouseNames(db: Db): Promise<WarehouseName[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name, label: warehouses.shortName })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
}

/** A new own warehouse is a stock location DEPO{id}; the database gives every item a line in it. */
export async function createWarehouse(tx: Tx, actor: Actor, input: CreateInput): Promise<Warehouse> {
  const [next] = await rowsOf<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('warehouses', 'id'))::int as id`,
  );
  const id = next!.id;
  await tx.insert(warehouses).values({ ...input, id, name: `DEPO${id}` });
  await stampCreated(tx, 'warehouses', id, actor);
  const [row] = await selectWarehouses(tx).where(eq(warehouses.id, id));
  if (!row) throw notFound('Depo bulunamadı.');
  const after = toWarehouse(row);
  await recordChange(tx, actor, { action: 'CREATE', entityType: 'WAREHOUSE', entityId: id, after });
  return after;
}

export async function countWarehouses(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(warehouses);
  return row?.value ?? 0;
}

/** The stockable items with pieces in some warehouse: Ana Sayfa's first step 'stock entered'. */
export async function countStockedItems(db: Db): Promise<number> {
  const [row] = await rowsOf<{ value: number }>(
    db,
    sql`select count(distinct product_item_id)::int as value from stock_lines where quantity > 0`,
  );
  return row?.value ?? 0;
}
