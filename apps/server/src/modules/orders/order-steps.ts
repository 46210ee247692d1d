import {
  CANCELED_ITEM_STATUSES,
  LOADED_ITEM_STATUSES,
  RESERVING_ITEM_STATUSES,
} from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { statusList, statusNotIn } from '../../db/status-sql.ts';

const LOADING_FINISHED = statusList(LOADED_ITEM_STATUSES);

/**
 * The dealt total (docs/domain/money.md) of the order `orderId` names: Σ pieces × net unit price over the
 * items not canceled, with the approved pieces, or the loaded ones once loading has finished.
 */
export const dealtTotalOf = (orderId: SQL) => sql`coalesce((
    select sum(case when oi.status in (${LOADING_FINISHED}) then oi.loaded_quantity else oi.quantity end
               * greatest(oi.unit_price - oi.discount, 0))
      from order_items oi
     where oi.order_id = ${orderId} and ${statusNotIn('oi.status', CANCELED_ITEM_STATUSES)}), 0)`;

/**
 * Keeps the dealt total on the order (the search filters on it), called by every write that changes an
 * item, in that write's transaction.
 */
export async function refreshDealtTotal(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    update orders o set dealt_total_price = ${dealtTotalOf(sql`o.id`)}, updated_at = now()
     where o.id = ${orderId}`);
}

/** Whether an item in this status holds a reservation (docs/domain/products-and-reservations.md). */
export function reserves(status: string): boolean {
  return (RESERVING_ITEM_STATUSES as readonly string[]).includes(status);
}
