import type { CreateWarehouseBody, WarehouseName } from '@mandira/contract/stock';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { productItems, stockLines, warehouses } from '../../db/schema.ts';

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

export type WarehouseRow = Awaited<ReturnType<typeof selectWarehouses>>[number];

/** Every warehouse with its estimated occupancy, by id. */
export function findWarehouseRows(db: Db) {
  return selectWarehouses(db).orderBy(asc(warehouses.id));
}

export async function findWarehouseRow(tx: Tx, id: number): Promise<WarehouseRow | undefined> {
  const [row] = await selectWarehouses(tx).where(eq(warehouses.id, id));
  return row;
}

/** The stock locations, as filters and stock tables name them (DEPO1 'Depo-1'). */
export async function findWarehouseNames(db: Db): Promise<WarehouseName[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name, label: warehouses.shortName })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
}

/** Takes the next warehouse id from its sequence, so the name can carry it. */
export async function nextWarehouseId(tx: Tx): Promise<number> {
  const [next] = await rowsOf<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('warehouses', 'id'))::int as id`,
  );
  return next!.id;
}

export async function insertWarehouse(
  tx: Tx,
  input: CreateInput & { id: number; name: string },
): Promise<void> {
  await tx.insert(warehouses).values(input);
}

export async function countWarehouseRows(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(warehouses);
  return row?.value ?? 0;
}

/** The items with pieces in some warehouse. */
export async function countItemsInStock(db: Db): Promise<number> {
  const [row] = await rowsOf<{ value: number }>(
    db,
    sql`select count(distinct product_item_id)::int as value from stock_lines where quantity > 0`,
  );
  return row?.value ?? 0;
}
