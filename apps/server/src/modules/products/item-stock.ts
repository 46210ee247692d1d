import { isExpired, todayInIstanbul } from '@mandira/contract/lots';
import type { StockLine } from '@mandira/contract/products';
import { boxesOf } from '@mandira/contract/stock';
import { LIST_LINE_LOTS, type StockLineLot } from '@mandira/contract/stock-line-lots';
import {
  type AnyColumn,
  Column,
  eq,
  getTableName,
  inArray,
  is,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from '../../db/client.ts';
import { lotStocks, stockHistory, stockLines, warehouses } from '../../db/schema.ts';

/**
 * The catalogue's window on stock (warehouses, stock lines, history): the only stock-dependent SQL of
 * the product queries, so the item lists, the frozen rule and the sellable-product figures read stock
 * through one place. What waits in baskets and orders is read in product-availability.ts.
 */
type Ref = AnyColumn | SQL;

/**
 * A column with its table name, for correlated subqueries: drizzle leaves columns unqualified in a
 * single-table select, where `"id"` inside a subquery would bind to the subquery's own table.
 */
export function qualified(ref: Ref): SQL {
  if (!is(ref, Column)) return sql`${ref}`;
  return sql`${sql.identifier(getTableName(ref.table))}.${sql.identifier(ref.name)}`;
}

/** A warehouse name, or the placeholder of a prepared statement that will carry one. */
export type WarehouseName = string | Placeholder;

/** A warehouse named by its code (DEPO1) or its short name (Depo-1). */
export function warehouseNamedSql(warehouseName: WarehouseName): SQL {
  return or(eq(warehouses.name, warehouseName), eq(warehouses.shortName, warehouseName))!;
}

/**
 * Pieces of one item on hand, over every warehouse (or the named one): a whole number. Each line holds up
 * to 2³¹ − 1, so the sum is read as float8 (exact below 2⁵³), not cast back to int (decision 94).
 */
export function itemStockTotalSql(itemId: Ref, warehouseName?: WarehouseName): SQL<number> {
  const inWarehouse = warehouseName
    ? sql`and sl.warehouse_id in (select ${warehouses.id} from ${warehouses} where ${warehouseNamedSql(warehouseName)})`
    : sql``;
  return sql<number>`(select coalesce(sum(sl.quantity), 0)::float8 from ${stockLines} as sl where sl.product_item_id = ${qualified(itemId)} ${inWarehouse})`.mapWith(
    Number,
  );
}

/** Whether the item has stock history (a movement, a count): a boolean SQL expression. */
export function itemHasStockHistorySql(itemId: Ref): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${stockHistory} as sh where sh.product_item_id = ${qualified(itemId)})`;
}

/** A lot of a line as the SQL answers it: [id, code, expiry, production, pieces]. */
export type LotTuple = [number, string, string | null, string | null, number];

/**
 * Lot rows (lot_id, lot_code, expiry_date, production_date, quantity, as lot_stocks names them) as one
 * JSON array of `LotTuple`s in FEFO order (earliest expiry first, undated last; decision 151).
 */
export function fefoLotsJsonSql(rows: SQL): SQL<LotTuple[]> {
  return sql<
    LotTuple[]
  >`(select coalesce(json_agg(json_build_array(f.lot_id, f.lot_code, f.expiry_date, f.production_date, f.quantity) order by f.expiry_date asc nulls last, f.lot_id), '[]'::json)
    from (${rows}) as f)`;
}

/**
 * The lots with pieces on a stock line, in FEFO order (earliest expiry first, undated last; decision
 * 151), as one JSON array per line: the first `limit` of them, or all. Read from lot_stocks_line_fefo_idx
 * alone, which holds each lot's code and dates beside its pieces, so a line's first lots cost their own
 * index entries and neither the line's whole history of lots nor a lookup of each lot; a page of items
 * costs no query per line (decisions 154, 170, 173).
 */
export function lineLotsSql(lineId: Ref, limit?: number): SQL<LotTuple[]> {
  const first = limit === undefined ? sql`` : sql`limit ${sql.raw(String(limit))}`;
  return fefoLotsJsonSql(sql`select ls.lot_id, ls.lot_code, ls.expiry_date, ls.production_date, ls.quantity from ${lotStocks} as ls
           where ls.stock_line_id = ${qualified(lineId)} and ls.quantity > 0
           order by ls.expiry_date asc nulls last, ls.lot_id ${first}`);
}

/** How many lots hold pieces on a stock line, counted in lot_stocks_line_fefo_idx alone. */
function lineLotCountSql(lineId: Ref): SQL<number> {
  return sql<number>`(select count(*)::int from ${lotStocks} as ls where ls.stock_line_id = ${qualified(lineId)} and ls.quantity > 0)`;
}

/** A value as JSON text, `null` for SQL's null: PostgreSQL escapes a string as JSON.stringify does. */
const jsonOf = (ref: SQL) => sql`coalesce(to_json(${ref})::text, 'null')`;

/** The packaging of the item a line belongs to, which every line of it repeats. */
export type ItemPackagingRefs = {
  packagingUnitTypeAmount: AnyColumn;
  packagingUnitType: AnyColumn;
  packagingType: AnyColumn;
  quantityInBox: AnyColumn;
};

/**
 * An item's stock lines as the answer writes them (`StockLine[]` as JSON text, byte for byte what
 * `stockLinesByItem` and the serializer would write): the lines of the named warehouse only when a
 * name is given, each with its first LIST_LINE_LOTS lots marked expired on `today` ('YYYY-MM-DD',
 * Istanbul) and their count. A catalogue page's 400 lines and their lots then cost the server no row,
 * no object and no projection of their own (decision 183). The item's packaging amount is written as
 * its shortest decimal (`trim_scale`), as JavaScript writes the number read from it.
 */
export function writtenStockLinesSql(
  itemId: AnyColumn,
  item: ItemPackagingRefs,
  today: string | Placeholder,
  warehouseName?: WarehouseName,
): SQL<string> {
  const inWarehouse =
    warehouseName === undefined
      ? sql``
      : sql`and (w.name = ${warehouseName} or w.short_name = ${warehouseName})`;
  // An array of the first lots, in the order the index gives them, joined: an ordered aggregate would
  // sort each of a page's 400 lines again (a tenth of the page's statement).
  const lots = sql`('[' || array_to_string(array(select '{"id":' || ls.lot_id || ',"code":' || ${jsonOf(sql`ls.lot_code`)}
        || ',"expiryDate":' || ${jsonOf(sql`ls.expiry_date`)} || ',"productionDate":' || ${jsonOf(sql`ls.production_date`)}
        || ',"quantity":' || ls.quantity
        || ',"expired":' || case when ls.expiry_date < ${today}::date then 'true' else 'false' end || '}'
      from ${lotStocks} as ls
     where ls.stock_line_id = l.id and ls.quantity > 0
     order by ls.expiry_date asc nulls last, ls.lot_id limit ${sql.raw(String(LIST_LINE_LOTS))}), ',') || ']')`;
  const boxes = sql`case when ${qualified(item.quantityInBox)} > 0 then l.quantity / ${qualified(item.quantityInBox)} else 0 end`;
  return sql<string>`(select coalesce('[' || string_agg('{"id":' || l.id || ',"warehouseId":' || l.warehouse_id
        || ',"quantity":' || l.quantity || ',"boxQuantity":' || ${boxes}
        || ',"wareHouse":{"name":' || ${jsonOf(sql`w.name`)} || ',"label":' || ${jsonOf(sql`w.short_name`)}
        || '},"packagingUnitTypeAmount":' || trim_scale(${qualified(item.packagingUnitTypeAmount)})::text
        || ',"packagingUnitType":' || ${jsonOf(qualified(item.packagingUnitType))}
        || ',"packagingType":' || ${jsonOf(qualified(item.packagingType))}
        || ',"lots":' || ${lots} || ',"lotCount":' || ${lineLotCountSql(sql`l.id`)} || '}',
        ',' order by l.warehouse_id) || ']', '[]')
    from ${stockLines} l join ${warehouses} w on w.id = l.warehouse_id
   where l.product_item_id = ${qualified(itemId)} ${inWarehouse})`;
}

/** The answer's lots of a line, each marked expired or not on `today` (Istanbul). */
export function stockLineLots(tuples: readonly LotTuple[], today: string): StockLineLot[] {
  return tuples.map(([id, code, expiryDate, productionDate, quantity]) => ({
    id,
    code,
    expiryDate,
    productionDate,
    quantity,
    expired: isExpired(expiryDate, today),
  }));
}

/**
 * The stock lines of a list of items, narrowed to one warehouse when `warehouseName` is given: one
 * named prepared statement per shape (with or without a warehouse, a list's first lots or every lot),
 * whatever the number of items. A list carries each line's first LIST_LINE_LOTS lots and their count;
 * one item (`allLots`) carries every lot. The item's packaging, which every line repeats, comes from the
 * item's own row (`stockLinesByItem`). The rows come as the driver parses them, named as the answer
 * names them: a catalogue page's 400 lines skip drizzle's per-field mapping (decision 175).
 */
export function stockLinesOf(
  db: Db | Tx,
  itemIds: readonly number[],
  warehouseName: string | undefined,
  allLots: boolean,
): Promise<LineRow[]> {
  const inWarehouse = warehouseName === undefined ? sql`` : sql`and ${warehouseNamedSql(warehouseName)}`;
  return preparedRowsOf<LineRow>(
    db,
    `product_item_lines_${warehouseName === undefined ? '0' : '1'}${allLots ? '1' : '0'}`,
    sql`select l.id, l.product_item_id as "productItemId", l.warehouse_id as "warehouseId", l.quantity,
               ${warehouses.name} as "warehouseName", ${warehouses.shortName} as "warehouseLabel",
               ${lineLotsSql(sql`l.id`, allLots ? undefined : LIST_LINE_LOTS)} as lots,
               ${lineLotCountSql(sql`l.id`)} as "lotCount"
          from ${stockLines} l join ${warehouses} on ${warehouses.id} = l.warehouse_id
         where l.product_item_id = any(${sql.param([...itemIds])}::int[]) ${inWarehouse}
         order by l.product_item_id, l.warehouse_id`,
  );
}

type LineRow = {
  id: number;
  productItemId: number;
  warehouseId: number;
  quantity: number;
  warehouseName: string;
  warehouseLabel: string;
  lots: LotTuple[];
  lotCount: number;
};

/** What every line of an item repeats of the item: its packaging. */
export type LinePackaging = Pick<
  StockLine,
  'packagingUnitTypeAmount' | 'packagingUnitType' | 'packagingType'
> & {
  quantityInBox: number;
};

/** The answer's stock lines, keyed by item id, each with its item's packaging (`packagingOf`). */
export function stockLinesByItem(
  rows: readonly LineRow[],
  packagingOf: ReadonlyMap<number, LinePackaging>,
): Map<number, StockLine[]> {
  const byItem = new Map<number, StockLine[]>();
  const today = todayInIstanbul();
  for (const row of rows) {
    const item = packagingOf.get(row.productItemId)!;
    const line: StockLine = {
      id: row.id,
      warehouseId: row.warehouseId,
      quantity: row.quantity,
      boxQuantity: boxesOf(row.quantity, item.quantityInBox) ?? 0,
      wareHouse: { name: row.warehouseName, label: row.warehouseLabel },
      packagingUnitTypeAmount: item.packagingUnitTypeAmount,
      packagingUnitType: item.packagingUnitType,
      packagingType: item.packagingType,
      lots: stockLineLots(row.lots, today),
      lotCount: row.lotCount,
    };
    const lines = byItem.get(row.productItemId);
    if (lines) lines.push(line);
    else byItem.set(row.productItemId, [line]);
  }
  return byItem;
}

/**
 * The lots of the given lines as they are now, by line id: a movement's answer reads them inside its
 * transaction, after the write, so a goods-in shows the lot it created (decision 154).
 */
export async function lotsOfLines(
  db: Db | Tx,
  lineIds: readonly number[],
): Promise<Map<number, StockLineLot[]>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stockLines.id, lots: lineLotsSql(stockLines.id) })
    .from(stockLines)
    .where(inArray(stockLines.id, [...new Set(lineIds)]));
  const today = todayInIstanbul();
  return new Map(rows.map((row) => [row.id, stockLineLots(row.lots, today)]));
}
