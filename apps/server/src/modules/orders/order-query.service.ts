import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { MY_WORK_STATUSES } from '@mandira/contract/my-work';
import {
  FINISHED_ITEM_STATUSES,
  OPEN_ORDER_STATUSES,
  type OrderItemStatus,
  WAREHOUSE_ORDER_STATUSES,
} from '@mandira/contract/order-machines';
import {
  ORDER_UNPAGED_LIMIT,
  type OrderListQuery,
  type OrderPage,
  type OrderQuery,
} from '@mandira/contract/order-query';
import type { OperationType, Order } from '@mandira/contract/orders';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusIn, statusList } from '../../db/status-sql.ts';
import { type Actor, hasAccess } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { type Bounded, readBounded } from '../../http/unpaged-limit.ts';
import { countOrdersUpTo, findOrder, findOrders } from './order.repo.ts';

type QueryInput = z.output<typeof OrderQuery>;
type PagingInput = z.output<typeof OrderListQuery>;
/** A page when `page` or `size` was asked, else the newest ORDER_UNPAGED_LIMIT with the total (decision 113). */
export type OrderAnswer = OrderPage | Bounded<Order>;

/**
 * What each screen lists (`GET /orders/filter?operationType=`) and who may ask for it. The warehouse
 * and shipping screens hold the orders in progress with an item in the warehouse flow
 * (WAREHOUSE_ITEM_STATUSES) or on a truck (SHIPPING_ITEM_STATUSES). Each order keeps how many it has
 * (`warehouse_items`, `shipping_items`, kept by a trigger on its items; a test holds the trigger's sets
 * to the contract's), so each condition, written as its screen's partial index is (migration 0027),
 * picks a page from that index alone, and `order_view_counts` keeps how many orders each screen holds
 * (docs/decisions/0160-order-lists-read-their-page.md).
 */
const VIEWS: Record<OperationType, { where: SQL; access: readonly PrivilegeKey[] }> = {
  REVIEW: {
    where: sql`o.status in (${statusList(OPEN_ORDER_STATUSES)})`,
    access: ['ORDER_REVIEW'],
  },
  WAREHOUSE: {
    where: sql`${statusIn('o.status', WAREHOUSE_ORDER_STATUSES)} and o.warehouse_items > 0`,
    access: ['WAREHOUSE_OPERATIONS'],
  },
  SHIPPING: {
    where: sql`${statusIn('o.status', WAREHOUSE_ORDER_STATUSES)} and o.shipping_items > 0`,
    access: ['SHIPMENT_LOAD_ACCEPTANCE', 'SHIPMENT_MANAGEMENT'],
  },
};

/** The privileges that may read some order list, for the routes' declared access. */
export const ORDER_VIEW_ACCESS = [
  ...new Set(Object.values(VIEWS).flatMap((view) => view.access)),
] as readonly PrivilegeKey[];

export function assertMayView(actor: Actor, operationType: OperationType): void {
  if (!hasAccess(actor, VIEWS[operationType].access)) {
    throw new AppError('FORBIDDEN', 'Bu işlem için yetkiniz yok.');
  }
}

/**
 * `GET /orders/filter?operationType=`: the orders one screen works on, newest first; paged in
 * SQL when `page` or `size` is given (the warehouse screen pages through them).
 */
export function ordersOfView(
  db: Db | Tx,
  operationType: OperationType,
  paging: PagingInput = {},
): Promise<OrderAnswer> {
  return pageOrList(db, VIEWS[operationType].where, paging, () => keptViewCount(db, operationType));
}

/** How many orders a screen holds, as the commits keep it (migration 0027): one row, not a count. */
async function keptViewCount(db: Db | Tx, operationType: OperationType): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count from order_view_counts where view = ${operationType}`,
  );
  return row?.count ?? 0;
}

/**
 * How many orders match: kept figures for a screen and for every order, else counted up to one past
 * COUNT_LIMIT (decision 149), so no count walks every order ever placed.
 */
type Counter = () => Promise<number>;

/** How a page's orders are read: `where`, and, for several statuses, one status after the other. */
type Chosen = { where: SQL; statuses?: readonly string[] };

/**
 * The newest ORDER_UNPAGED_LIMIT matching orders and how many matched (decision 113): a larger result
 * is answered cut, with the headers saying so, rather than refused, so an export still gets its file.
 * A total past COUNT_LIMIT is answered as COUNT_LIMIT, capped (decision 149).
 */
async function unpagedOrders(
  read: (limit: number, offset: number) => Promise<Order[]>,
  countAll: Counter,
): Promise<Bounded<Order>> {
  const bounded = await readBounded(ORDER_UNPAGED_LIMIT, (limit) => read(limit, 0), countAll);
  return bounded.total > COUNT_LIMIT ? { ...bounded, total: COUNT_LIMIT, totalCapped: true } : bounded;
}

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

/** A query with no filter: every order. */
const isEveryOrder = (query: QueryInput) =>
  Object.entries(query).every(([key, value]) => key === 'page' || key === 'size' || value === undefined);

/** Escapes LIKE's wildcards, so a reference code is matched as typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every filter optional; dates are whole Istanbul days; amounts bound the dealt total
 * (docs/domain/orders.md).
 */
function conditionsOf(query: QueryInput, { statuses = true } = {}): SQL {
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

/**
 * Unpaged (newest first, bounded) unless `page` or `size` is given. A page counts first, then reads
 * only its own orders' ids from the sort index: from the newest end, or from the oldest when the page
 * is nearer to it, so page 40 of 42 walks past the orders after it, not the 1,950 before it (decision
 * 160). More than COUNT_LIMIT matching orders are counted as COUNT_LIMIT with `countCapped`, and the
 * pages reach the newest COUNT_LIMIT (decision 149): older ones are found by dates.
 */
async function pageOrList(
  db: Db | Tx,
  where: SQL,
  paging: PagingInput,
  countAll: Counter = () => countOrdersUpTo(db, where, COUNT_LIMIT + 1),
  chosen: Chosen = { where },
): Promise<OrderAnswer> {
  const read = (limit: number, offset: number, oldestFirst = false) =>
    findOrders(db, chosen.where, { limit, offset, oldestFirst, statuses: chosen.statuses });
  if (paging.page === undefined && paging.size === undefined) {
    return unpagedOrders(read, countAll);
  }
  const page = paging.page ?? 1;
  const size = paging.size ?? 20;
  const matched = await countAll();
  const capped = matched > COUNT_LIMIT;
  const reachable = Math.min(matched, COUNT_LIMIT);
  const offset = (page - 1) * size;
  let orders: Order[] = [];
  if (offset < reachable) {
    const limit = Math.min(size, reachable - offset);
    const fromOldest = reachable - offset - limit;
    orders = !capped && fromOldest < offset ? await read(limit, fromOldest, true) : await read(limit, offset);
  }
  const figures = {
    orders,
    page,
    size,
    count: reachable,
    totalPages: Math.max(1, Math.ceil(reachable / size)),
  };
  return capped ? { ...figures, countCapped: true } : figures;
}

/**
 * `POST /orders/filter-by-query` and `POST /orders/filter`. The empty query is every order, their
 * number kept per buyer (decision 134); a query of statuses alone (the order screen's default) is
 * counted from the kept number of each status (decision 160). Several statuses are read one after the
 * other and merged, so a page walks only up to itself.
 */
export function searchOrders(db: Db | Tx, query: QueryInput): Promise<OrderAnswer> {
  const where = conditionsOf(query);
  const statuses = query.orderStatuses && [...new Set(query.orderStatuses)];
  const counter: Counter | undefined = isEveryOrder(query)
    ? () => countAllOrders(db)
    : statuses && isEveryOrder({ ...query, orderStatuses: undefined })
      ? () => keptStatusCount(db, statuses)
      : undefined;
  const chosen: Chosen =
    statuses && statuses.length > 1
      ? { where: conditionsOf(query, { statuses: false }), statuses }
      : { where };
  return pageOrList(db, where, query, counter, chosen);
}

/** How many orders have one of these statuses, from the kept row of each (migration 0027). */
async function keptStatusCount(db: Db | Tx, statuses: readonly string[]): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as count from order_view_counts
         where view = any(${sql.param(statuses.map((status) => `STATUS:${status}`))}::text[])`,
  );
  return row?.count ?? 0;
}

/** `GET /orders`: every order, newest first. */
export function listOrders(db: Db | Tx, paging: PagingInput): Promise<OrderAnswer> {
  return pageOrList(db, sql`true`, paging, () => countAllOrders(db));
}

/**
 * What an action call answers: `[the changed order]`, whatever view the call names (decision 109). Its
 * size never depends on how many orders the screen's list holds, so no step is refused or rolled back
 * for its answer; the screen refetches the page it shows.
 */
export async function ordersAfterAction(tx: Tx, orderId: number): Promise<Order[]> {
  return [await findOrder(tx, orderId)];
}

/** The changed orders after a step on items of several (decision 142), newest first. */
export async function ordersAfterSteps(tx: Tx, orderIds: readonly number[]): Promise<Order[]> {
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
