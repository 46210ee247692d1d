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

/**
 * Every lot ledger the portal keeps, compared from scratch (docs/domain/stock.md, "The stock ledger"):
 * rows where a line differs from the sum of its lots or of its history, or a lot on a line differs from
 * the sum of its history rows there. Empty when the ledgers hold.
 */
export async function lotLedgerBreaks(t: TestApp): Promise<string[]> {
  const rows = await rowsOf<{ problem: string }>(
    t.db,
    sql`select 'line ' || l.id || ': ' || l.quantity || ' on hand, lots ' || coalesce(s.lots, 0) || ', history ' || coalesce(h.history, 0) as problem
          from stock_lines l
          left join (select stock_line_id, sum(quantity) as lots from lot_stocks group by stock_line_id) s on s.stock_line_id = l.id
          left join (select stock_line_id, sum(quantity_change) as history from stock_history group by stock_line_id) h on h.stock_line_id = l.id
         where l.quantity <> coalesce(s.lots, 0) or l.quantity <> coalesce(h.history, 0)
        union all
        select 'lot ' || coalesce(ls.lot_id, h.lot_id) || ' on line ' || coalesce(ls.stock_line_id, h.stock_line_id) || ': '
               || coalesce(ls.quantity, 0) || ' on hand, history ' || coalesce(h.history, 0)
          from lot_stocks ls
          full join (select stock_line_id, lot_id, sum(quantity_change) as history from stock_history
                      group by stock_line_id, lot_id) h on h.stock_line_id = ls.stock_line_id and h.lot_id = ls.lot_id
         where coalesce(ls.quantity, 0) <> coalesce(h.history, 0)
        union all
        select 'lot row ' || ls.lot_id || ' of item ' || t.product_item_id || ' on a line of item ' || l.product_item_id
          from lot_stocks ls join lots t on t.id = ls.lot_id join stock_lines l on l.id = ls.stock_line_id
         where t.product_item_id <> l.product_item_id or ls.product_item_id <> l.product_item_id
            or ls.warehouse_id <> l.warehouse_id
        union all
        select 'load ' || sl.id || ': ' || sl.pieces || ' × ' || b.quantity || ' of item ' || b.product_item_id
               || ', lots gave ' || coalesce(x.quantity, 0)
          from shipment_loads sl
          join order_items oi on oi.id = sl.order_item_id
          join bundle_snapshot_lines b on b.snapshot_id = oi.bundle_snapshot_id and b.quantity > 0
          left join (select ll.shipment_load_id, l.product_item_id, sum(ll.quantity) as quantity
                       from shipment_load_lines ll join stock_lines l on l.id = ll.stock_line_id
                      group by ll.shipment_load_id, l.product_item_id) x
            on x.shipment_load_id = sl.id and x.product_item_id = b.product_item_id
         where coalesce(x.quantity, 0) <> sl.pieces * b.quantity
        union all
        select 'order item ' || oi.id || ': ' || oi.loaded_quantity || ' loaded, loads ' || coalesce(x.pieces, 0)
          from order_items oi
          left join (select order_item_id, sum(pieces) as pieces from shipment_loads group by order_item_id) x
            on x.order_item_id = oi.id
         where oi.loaded_quantity <> coalesce(x.pieces, 0)`,
  );
  return rows.map((row) => row.problem);
}
