import { todayInIstanbul } from '@mandira/contract/lots';
import type { InboundType } from '@mandira/contract/stock';
import { sql } from 'drizzle-orm';
import { lineOf } from './loading-test-data.ts';
import type { OrderWorld } from './order-test-data.ts';

/** The Istanbul day `days` from today (negative: before), 'YYYY-MM-DD'. */
export function dayFromToday(days: number): string {
  const day = new Date(`${todayInIstanbul()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * Receives `pieces` of a lot expiring `days` from today into the item's line of a warehouse, by the
 * goods-in call (an expired lot only as a return, as the API allows).
 */
export async function receiveLot(
  w: OrderWorld,
  itemId: number,
  warehouse: string,
  pieces: number,
  lot: { code: string; days: number },
  stockOperationType: InboundType = 'PRODUCTION_INBOUND',
): Promise<void> {
  const response = await w.call(
    'PUT',
    '/product-item/stock-import-bulk',
    {
      stockChange: [
        {
          id: await lineOf(w, itemId, warehouse),
          importedQuantity: pieces,
          stockOperationType,
          lot: { code: lot.code, expiryDate: dayFromToday(lot.days) },
        },
      ],
    },
    w.warehouse,
  );
  if (response.statusCode !== 200) throw new Error(`lot not received: ${response.body}`);
}

/** Days pass: the item's lot of this code now expired yesterday. */
export async function expireLot(w: OrderWorld, itemId: number, code: string): Promise<void> {
  await w.t.db.execute(
    sql`update lots set expiry_date = ${dayFromToday(-1)}::date where product_item_id = ${itemId} and code = ${code}`,
  );
}
