import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { MY_WORK_STATUSES } from '@mandira/contract/my-work';
import {
  FINISHED_ITEM_STATUSES,
  OPEN_ORDER_STATUSES,
  type OrderItemStatus,
  WAREHOUSE_ORDER_STATUSES,
} from '@mandira/contract/order-machines';
import type { OrderQuery } from '@mandira/contract/order-query';
import type { OperationType, Order } from '@mandira/contract/orders';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, preparedRowsOf, rowsOf, type Tx } from '../../db/client.ts';
import { statusIn, statusList } from '../../db/status-sql.ts';
import { findOrders } from './order.repo.ts';

type QueryInput = z.output<typeof OrderQuery>;

/**
 * The orders each screen lists (`GET /orders/filter?operationType=`). The warehouse and shipping screens
 * hold the orders in progress with an item in the warehouse flow (WAREHOUSE_ITEM_STATUSES) or on a truck
 * (SHIPPING_ITEM_STATUSES). Each order keeps how many it has (`warehouse_items`, `shipping_items`, kept by
 * a trigger on its items; a test holds the trigger's sets to the contract's), so each condition, written
 * as its screen's partial index is (migration 0027), picks a page from that index alone, and
 * `order_view_counts` keeps how many orders each screen holds
 * (docs/decisions/0160-order-lists-read-their-page.md).
 */
export const VIEW_WHERE: Record<OperationType, SQL> = {
  REVIEW: sql`o.status in (${statusList(OPEN_ORDER_STATUSES)})`,
  WAREHOUSE: sql`${statusIn('o.status', WAREHOUSE_ORDER_STATUSES)} and o.warehouse_items > 0`,
  SHIPPING: sql`${statusIn('o.status', WAREHOUSE_ORDER_STATUSES)} and o.shipping_items > 0`,
};

/** Every order, the condition of the list without a filter. */
export const EVERY_ORDER = sql`true`;

/**
 * An order `o` waiting for 'Siparişi Tamamla': in progress, every item delivered or canceled, at least
 * one delivered (what COMPLETE's guard asks, less the order whose every item was canceled in review).
 * The order screen's filter and Ana Sayfa's count are this one condition (docs/domain/my-work.md).
 * Each check is a probe of one order's items that stops at the first row found (`limit 1`), so the cost
 * follows the orders in progress; as a NOT EXISTS the planner hashed every order item instead.
 */
export const AWAITING_COMPLETION = sql`(o.status = ${MY_WORK_STATUSES.orderWaitingCompletion}
  and (select 1 from order_items ui where ui.order_id = o.id
         and ui.status not in (${statusList(FINISHED_ITEM_STATUSES)}) limit 1) is null
  and (select 1 from order_items di where di.order_id = o.id
         and di.status in (${statusList(['DELIVERED_TO_BUYER'] satisfies OrderItemStatus[])}) limit 1) is not null)`;

/** Escapes LIKE's wildcards, so a reference code is matched as typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every filter optional; dates are whole Istanbul days; amounts bound the dealt total
 * (docs/domain/orders.md).
 */
export function orderConditions(query: QueryInput, { statuses = true } = {}): SQL {
  const conditions = [
    query.orderNumbers && sql`o.order_number = any(${sql.param(query.orderNumbers)}::int[])`,
    query.buyerCodes &&
      sql`o.buyer_id in (select id from buyers where code = any(${sql.param(query.buyerCodes)}::text[]))`,
    statuses && query.orderStatuses && sql`o.status = any(${sql.param(query.orderStatuses)}::text[])`,
    query.fromCreateDate &&
      sql`o.created_at >= ${startOfIstanbulDay(query.fromCreateDate).toISOString()}::timestamptz`,
    query.toCreateDate &&
      sql`o.created_at < ${startOfIstanbulDay(addDays(query.toCreateDate, 1)).toISOString()}::timestamptz`,
    query.minAmount !== undefined && sql`o.dealt_total_price >= ${query.minAmount}`,
    query.maxAmount !== undefined && sql`o.dealt_total_price <= ${query.maxAmount}`,
    query.buyerRequestReferenceCode &&
      sql`o.buyer_request_reference_code ilike ${likeText(query.buyerRequestReferenceCode)}`,
    query.awaitingCompletion === true && AWAITING_COMPLETION,
    query.awaitingCompletion === false && sql`not ${AWAITING_COMPLETION}`,
  ].filter((condition): condition is SQL => !!condition);
  return and(...conditions) ?? sql`true`;
}

/** How many orders a screen holds, as the commits keep it (migration 0027): one row, not a count. */
export async function keptViewCount(db: Db | Tx, operationType: OperationType): Promise<number> {
  const [row] = await preparedRowsOf<{ count: number }>(
    db,
    'order_view_count',
    sql`select count from order_view_counts where view = ${operationType}`,
  );
  return row?.count ?? 0;
}

/** How many orders have one of these statuses, from the kept row of each (migration 0027). */
export async function keptStatusCount(db: Db | Tx, statuses: readonly string[]): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as count from order_view_counts
         where view = any(${sql.param(statuses.map((status) => `STATUS:${status}`))}::text[])`,
  );
  return row?.count ?? 0;
}

/** The orders of these ids, newest first. */
export async function ordersWithIds(tx: Tx, orderIds: readonly number[]): Promise<Order[]> {
  return findOrders(
    tx,
    sql`o.id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    { limit: orderIds.length, offset: 0 },
  );
}

/**
 * Every order ever placed, canceled ones included: summed from the counts the commits keep per buyer
 * (decision 134), one row per buyer however many orders a year brings.
 */
export async function countAllOrders(db: Db | Tx): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select coalesce(sum(order_count), 0)::int as count from buyer_balances`,
  );
  return row?.count ?? 0;
}
