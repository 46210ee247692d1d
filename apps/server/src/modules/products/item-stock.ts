import type { StockLine } from '@mandira/contract/products';
import { type AnyColumn, Column, getTableName, is, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The seam between the catalogue and the stock area, which comes later (warehouses, stock lines,
 * movements). Until then every item has no stock and no history. The stock area replaces the bodies
 * below; their signatures and the shapes they return are final, so the catalogue's queries, its
 * frozen rule and the sellable-product stock figures do not change when stock arrives.
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

/** Pieces of one item on hand, over every warehouse (or the named one): an integer SQL expression. */
export function itemStockTotalSql(_itemId: Ref, _warehouseName?: string): SQL<number> {
  return sql<number>`0`.mapWith(Number);
}

/** Whether the item has stock history (a movement, a count): a boolean SQL expression. */
export function itemHasStockHistorySql(_itemId: Ref): SQL<boolean> {
  return sql<boolean>`false`;
}

/** Stock lines of the given items, keyed by item id; narrowed to one warehouse when named. */
export async function stockLinesOf(
  _db: Db,
  _itemIds: readonly number[],
  _warehouseName?: string,
): Promise<Map<number, StockLine[]>> {
  return new Map();
}

/** Pieces of a sellable product waiting in baskets: an integer SQL expression. */
export function productPiecesInBasketsSql(_productId: Ref): SQL<number> {
  return sql<number>`0`;
}

/** Pieces of a sellable product ordered and not yet loaded, delivered or canceled. */
export function productPiecesInOrdersSql(_productId: Ref): SQL<number> {
  return sql<number>`0`;
}
