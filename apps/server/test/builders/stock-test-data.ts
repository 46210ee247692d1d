import type { ProductItem, StockLine } from '@mandira/contract/products';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client.ts';
import type { TestApp } from '../test-app.ts';
import { createItem } from './product-test-data.ts';

/** An item as the stock screens read it, with its four stock lines (DEPO1…DEPO4). */
export async function stockedItem(t: TestApp, token: string, overrides = {}): Promise<ProductItem> {
  const created = await createItem(t, token, overrides);
  const response = await t.call(token, { method: 'GET', url: `/api/product-item/${created.id}` });
  return response.json.data as ProductItem;
}

export function lineIn(item: ProductItem, warehouseName: string): StockLine {
  const line = item.stocks.find((stock) => stock.wareHouse.name === warehouseName);
  if (!line) throw new Error(`${item.stockCode} has no line in ${warehouseName}`);
  return line;
}

/** A stock line's quantity and the sum of its history, straight from the database. */
export async function lineLedger(
  t: TestApp,
  lineId: number,
): Promise<{ quantity: number; historySum: number }> {
  const [row] = await rowsOf<{ quantity: number; history_sum: number }>(
    t.db,
    sql`select l.quantity, coalesce((select sum(h.quantity_change) from stock_history h where h.stock_line_id = l.id), 0)::int as history_sum
        from stock_lines l where l.id = ${lineId}`,
  );
  return { quantity: row!.quantity, historySum: row!.history_sum };
}
