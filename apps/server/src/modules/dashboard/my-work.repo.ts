import { OVERDUE_ORDERS_LIMIT } from '@mandira/contract/accounting';
import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { MY_WORK_STATUSES, type MyWorkKey } from '@mandira/contract/my-work';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { overdueWhere } from '../accounting/overdue-orders.ts';
import { AWAITING_COMPLETION } from '../orders/order-query.service.ts';
import { SHIPMENTS_AWAITING_ACCEPTANCE } from '../shipments/shipment-list.service.ts';

/**
 * Lots with pieces on hand whose expiry date matches: read from lot_stocks, which holds only the pieces
 * on hand (a row that reaches 0 is deleted), so the count never walks the lots of past years. The same
 * lots as the lots list's `expiringWithinDays` and `expired` filters (docs/domain/lots.md).
 */
const lotsOnHandWhere = (expiry: SQL) =>
  sql`select count(distinct ls.lot_id)::int from lot_stocks ls where ls.quantity > 0 and ${expiry}`;

const S = MY_WORK_STATUSES;

/**
 * Each card's one count, a scalar subquery counting the work its screen lists (docs/domain/my-work.md),
 * on the Istanbul day `today`. Every count starts from an index: orders_status_created_idx,
 * order_items_status_idx, shipments_status_idx, the pending tables' keys, milk_deliveries_date_idx and
 * orders_open_balance_idx (migration 0019).
 */
function countsOf(today: string, expiryWarningDays: number): Record<MyWorkKey, SQL> {
  return {
    ORDERS_WAITING_REVIEW: sql`select count(*)::int from orders where status in (${statusList(S.ordersToReview)})`,
    // The in-progress orders (orders_status_created_idx), each checked by its items (order_items_order_idx).
    ORDERS_WAITING_COMPLETION: sql`select count(*)::int from orders o where ${AWAITING_COMPLETION}`,
    ITEMS_WAITING_WAREHOUSE: sql`select count(*)::int from order_items i join orders o on o.id = i.order_id
                where i.status = ${S.itemWaitingWarehouse} and o.status = ${S.orderInWarehouse}`,
    // The trucks the waiting items are loaded on: read from the items (order_items_status_idx).
    LOADS_WAITING_ACCEPTANCE: sql`select count(*)::int from shipments s where s.id in (${SHIPMENTS_AWAITING_ACCEPTANCE})`,
    SHIPMENTS_ON_WEIGHBRIDGE: sql`select count(*)::int from shipments where status = ${S.shipmentOnWeighbridge}`,
    BUYERS_WAITING_APPROVAL: sql`select count(*)::int from pending_buyers`,
    ITEMS_WAITING_APPROVAL: sql`select count(*)::int from pending_product_items`,
    MILK_DELIVERIES_TODAY: sql`select count(*)::int from milk_deliveries
                where delivery_date_time >= ${startOfIstanbulDay(today).toISOString()}
                  and delivery_date_time < ${startOfIstanbulDay(addDays(today, 1)).toISOString()}`,
    // The accounting screen's overdue list (decision 128), counted up to one past its limit: the card
    // says "500+" past it, as the list shows the 500 longest overdue.
    ORDERS_OVERDUE_BALANCE: sql`select count(*)::int from (select 1 from orders where ${overdueWhere(today)}
                 limit ${OVERDUE_ORDERS_LIMIT + 1}) overdue`,
    LOTS_EXPIRING: lotsOnHandWhere(
      sql`ls.expiry_date >= ${today}::date and ls.expiry_date <= ${addDays(today, expiryWarningDays)}::date`,
    ),
    LOTS_EXPIRED_ON_HAND: lotsOnHandWhere(sql`ls.expiry_date < ${today}::date`),
  };
}

/**
 * The counts of these cards on the Istanbul day `today`, as the columns of one statement, so the
 * answer costs one round trip however many cards there are.
 */
export async function readMyWorkCounts(
  db: Db | Tx,
  keys: readonly MyWorkKey[],
  today: string,
  expiryWarningDays: number,
): Promise<Record<MyWorkKey, number>> {
  const counts = countsOf(today, expiryWarningDays);
  const columns = sql.join(
    keys.map((key) => sql`(${counts[key]}) as ${sql.identifier(key)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<MyWorkKey, number>>(db, sql`select ${columns}`);
  return row!;
}
