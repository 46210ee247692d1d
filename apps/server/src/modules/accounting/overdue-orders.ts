import { OVERDUE_ORDERS_LIMIT, type OverdueOrder } from '@mandira/contract/accounting';
import { CANCELED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';

/**
 * The orders overdue on the Istanbul day `today` (decision 128): not canceled, still owing, planned to
 * ship before today. Written as the predicate of orders_open_balance_idx, so the planner reads it; the
 * owing part is kept on the row (`settled_amount`, migration 0019).
 */
export const overdueWhere = (today: string, alias = ''): SQL => {
  const a = alias ? `${alias}.` : '';
  return sql`${statusNotIn(`${a}status`, CANCELED_ORDER_STATUSES)}
    and ${sql.raw(`${a}dealt_total_price > ${a}settled_amount`)}
    and ${sql.raw(`${a}planned_shipment_date`)} < ${today}`;
};

/** `GET /accounting/overdue-orders`: the longest overdue first, at most OVERDUE_ORDERS_LIMIT. */
export async function overdueOrders(db: Db | Tx, today: string): Promise<OverdueOrder[]> {
  const rows = await rowsOf<OverdueOrder>(
    db,
    sql`select o.id as "orderId", o.order_number as "orderNumber", b.id as "buyerId", b.code as "buyerCode",
               b.title as "buyerTitle", o.planned_shipment_date::text as "plannedShipmentDate",
               o.dealt_total_price::float8 as "dealtTotal", o.settled_amount::float8 as "settled",
               (o.dealt_total_price - o.settled_amount)::float8 as "openAmount"
          from orders o join buyers b on b.id = o.buyer_id
         where ${overdueWhere(today, 'o')}
         order by o.planned_shipment_date, o.id
         limit ${OVERDUE_ORDERS_LIMIT}`,
  );
  return rows;
}
