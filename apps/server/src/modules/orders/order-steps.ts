import {
  CANCELED_ITEM_STATUSES,
  LOADED_ITEM_STATUSES,
  RESERVING_ITEM_STATUSES,
} from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { statusList, statusNotIn } from '../../db/status-sql.ts';

const LOADING_FINISHED = statusList(LOADED_ITEM_STATUSES);

/** The dealt total of order `orderId` over `items`, a table or query with order_items' columns. */
const dealtTotalOver = (items: SQL, orderId: SQL) => sql`coalesce((
    select sum(case when oi.status in (${LOADING_FINISHED}) then oi.loaded_quantity else oi.quantity end
               * greatest(oi.unit_price - oi.discount, 0))
      from ${items} oi
     where oi.order_id = ${orderId} and ${statusNotIn('oi.status', CANCELED_ITEM_STATUSES)}), 0)`;

/**
 * The dealt total (docs/domain/money.md) of the order `orderId` names: Σ pieces × net unit price over the
 * items not canceled, with the approved pieces, or the loaded ones once loading has finished.
 */
export const dealtTotalOf = (orderId: SQL) => dealtTotalOver(sql`order_items`, orderId);

/**
 * The same total, for a statement that also changes items: `changed` (a WITH entry returning id, status
 * and quantity) gives their values after it, which the statement itself does not see (decision 183).
 */
export const dealtTotalWithChanged = (orderId: SQL, changed: SQL) =>
  dealtTotalOver(
    sql`(select i.id, i.order_id, coalesce(c.status, i.status) as status,
                coalesce(c.quantity, i.quantity) as quantity, i.loaded_quantity, i.unit_price, i.discount
           from order_items i left join ${changed} c on c.id = i.id)`,
    orderId,
  );

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
