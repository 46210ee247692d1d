import { ORDER_STATUSES } from '@mandira/contract/order-machines';
import {
  ORDER_UNPAGED_LIMIT,
  type OrderListQuery,
  type OrderPage,
  type OrderQuery,
} from '@mandira/contract/order-query';
import type { OperationType, Order } from '@mandira/contract/orders';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import type { PrivilegeKey } from '@mandira/contract/roles';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { keptStatusDayCount, keptStatusDayPlace } from '../../db/status-day-counts.ts';
import { type Actor, hasAccess } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import {
  type Bounded,
  filteredOnlyBy,
  PAGES_PASSED_WITHOUT_EDGE,
  readBounded,
} from '../../http/unpaged-limit.ts';
import { ORDER_DAYS } from './kept-figures.ts';
import { countOrdersUpTo, findOrder, findOrders } from './order.repo.ts';
import {
  AWAITING_COMPLETION,
  countAllOrders,
  EVERY_ORDER,
  keptStatusCount,
  keptViewCount,
  orderConditions,
  ordersWithIds,
  VIEW_WHERE,
} from './order-query.repo.ts';
import { createdBefore, keptSpanEdge, type SpanEdge } from './order-spans.ts';

export { AWAITING_COMPLETION, countAllOrders };

type QueryInput = z.output<typeof OrderQuery>;
type PagingInput = z.output<typeof OrderListQuery>;
/** A condition on the orders `o`, as order-query.repo.ts writes them. */
type Where = ReturnType<typeof orderConditions>;
/** A page when `page` or `size` was asked, else the newest ORDER_UNPAGED_LIMIT with the total (decision 113). */
export type OrderAnswer = OrderPage | Bounded<Order>;

/**
 * Who may ask for each screen's list (`GET /orders/filter?operationType=`); what each lists is
 * `VIEW_WHERE` (order-query.repo.ts).
 */
const VIEW_ACCESS: Record<OperationType, readonly PrivilegeKey[]> = {
  REVIEW: ['ORDER_REVIEW'],
  WAREHOUSE: ['WAREHOUSE_OPERATIONS'],
  SHIPPING: ['SHIPMENT_LOAD_ACCEPTANCE', 'SHIPMENT_MANAGEMENT'],
};

/** The privileges that may read some order list, for the routes' declared access. */
export const ORDER_VIEW_ACCESS = [...new Set(Object.values(VIEW_ACCESS).flat())] as readonly PrivilegeKey[];

export function assertMayView(actor: Actor, operationType: OperationType): void {
  if (!hasAccess(actor, VIEW_ACCESS[operationType])) {
    throw new AppError('FORBIDDEN', 'Bu işlem için yetkiniz yok.');
  }
}

/**
 * `GET /orders/filter?operationType=`: the orders one screen works on, newest first; paged in
 * SQL when `page` or `size` is given (the warehouse screen pages through them). A deep page starts at
 * the second that holds its first order, from the screen's kept spans (decision 197).
 */
export function ordersOfView(
  db: Db | Tx,
  operationType: OperationType,
  paging: PagingInput = {},
): Promise<OrderAnswer> {
  const where = VIEW_WHERE[operationType];
  const countAll = () => keptViewCount(db, operationType);
  return pageOrList(
    db,
    where,
    paging,
    countAll,
    { where },
    onSpans(db, countAll, [operationType], (end) => ({ where: createdBefore(where, end) })),
  );
}

/** The orders a page holds when the call names its page but not its size. */
const PAGE_SIZE = 20;

/**
 * How many orders match: kept figures for a screen and for every order, else counted up to one past
 * COUNT_LIMIT (decision 149), so no count walks every order ever placed.
 */
type Counter = () => Promise<number>;

/** How a page's orders are read: `where`, and, for several statuses, one status after the other. */
type Chosen = { where: Where; statuses?: readonly string[] };

/**
 * Where a deep page starts: how many orders match, and, when the page holds some, the orders it reads
 * from (those created before the span or day that holds its first order) with how many of them come
 * before it.
 */
type Placed = { count: number; start?: { from: Chosen; offset: number } };
/**
 * Places the order `offset` below the newest from the kept figures (decisions 195 and 197).
 * `readFromOldest(count)` says whether pageOrList reads the page from the oldest order anyway, for less
 * than placing it would cost: then only the count is answered.
 */
type Placer = (offset: number, readFromOldest: (count: number) => boolean) => Promise<Placed>;

/** A page's start after a span's edge: the orders `before` its end, less those newer than the span. */
function startAfter(edge: SpanEdge | null, offset: number, before: (end: string) => Chosen): Placed['start'] {
  return edge ? { from: before(edge.end), offset: offset - edge.passed } : undefined;
}

/**
 * A list counted by `count` (a kept figure) placed over all time on the kept spans of `views`: the page's
 * orders are those `before` the end of the second that holds its first order.
 */
function onSpans(
  db: Db | Tx,
  count: Counter,
  views: readonly string[],
  before: (end: string) => Chosen,
): Placer {
  return async (offset, readFromOldest) => {
    const matched = await count();
    if (readFromOldest(matched)) return { count: matched };
    return { count: matched, start: startAfter(await keptSpanEdge(db, views, offset), offset, before) };
  };
}

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
 * Unpaged (newest first, bounded) unless `page` or `size` is given. A page counts first, then reads
 * only its own orders' ids from the sort index: from the newest end, or from the oldest when the page
 * is nearer to it, so page 40 of 42 walks past the orders after it, not the 1,950 before it (decision
 * 160). A list with kept spans or days (`place`) places a page more than a couple of pages from the
 * newest end on the second, or the day, that holds its first order, and walks from there when that
 * passes fewer orders (decisions 195 and 197). More than COUNT_LIMIT matching orders are counted as
 * COUNT_LIMIT with `countCapped`, and the pages reach the newest COUNT_LIMIT (decision 149): older ones
 * are found by dates.
 */
async function pageOrList(
  db: Db | Tx,
  where: Where,
  paging: PagingInput,
  countAll: Counter = () => countOrdersUpTo(db, where, COUNT_LIMIT + 1),
  chosen: Chosen = { where },
  place?: Placer,
): Promise<OrderAnswer> {
  const read = (limit: number, offset: number, oldestFirst = false, from = chosen) =>
    findOrders(db, from.where, { limit, offset, oldestFirst, statuses: from.statuses });
  if (paging.page === undefined && paging.size === undefined) {
    return unpagedOrders(read, countAll);
  }
  const page = paging.page ?? 1;
  const size = paging.size ?? PAGE_SIZE;
  const offset = (page - 1) * size;
  // A page within a couple of pages of the oldest order is read from there (below), placed or not.
  const nearOldest = (count: number) => count - offset - size <= PAGES_PASSED_WITHOUT_EDGE * size;
  const placed =
    place && offset > PAGES_PASSED_WITHOUT_EDGE * size ? await place(offset, nearOldest) : undefined;
  const matched = placed ? placed.count : await countAll();
  const capped = matched > COUNT_LIMIT;
  const reachable = Math.min(matched, COUNT_LIMIT);
  let orders: Order[] = [];
  if (offset < reachable) {
    const limit = Math.min(size, reachable - offset);
    const fromOldest = reachable - offset - limit;
    // Newest first: from the end of the page's span or day when one was placed, else from the newest.
    const start = placed?.start ?? { from: chosen, offset };
    orders =
      !capped && fromOldest < start.offset
        ? await read(limit, fromOldest, true)
        : await read(limit, start.offset, false, start.from);
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
 * counted from the kept number of each status (decision 160), and one of statuses or days or both (the
 * review search: waiting and in review, the last 30 days) from the kept number of each status and day
 * (decision 191). Several statuses are read one after the other and merged, so a page walks only up to
 * itself. A deep page of such a query starts at the second that holds its first order (decision 197).
 */
export function searchOrders(db: Db | Tx, query: QueryInput): Promise<OrderAnswer> {
  const where = orderConditions(query);
  const statuses = query.orderStatuses && [...new Set(query.orderStatuses)];
  const severalStatuses = !!statuses && statuses.length > 1;
  const counter: Counter | undefined = filteredOnlyBy(query, [])
    ? () => countAllOrders(db)
    : statuses && filteredOnlyBy(query, ['orderStatuses'])
      ? () => keptStatusCount(db, statuses)
      : filteredOnlyBy(query, ['orderStatuses', 'fromCreateDate', 'toCreateDate'])
        ? () =>
            keptStatusDayCount(db, ORDER_DAYS, statuses ?? ORDER_STATUSES, {
              from: query.fromCreateDate,
              to: query.toCreateDate,
            })
        : undefined;
  const chosenOf = (narrowed: QueryInput, end?: string): Chosen => {
    const where = severalStatuses
      ? orderConditions(narrowed, { statuses: false })
      : orderConditions(narrowed);
    const bounded = end ? createdBefore(where, end) : where;
    return severalStatuses ? { where: bounded, statuses } : { where: bounded };
  };
  // The spans of each status asked, or of every order (`ALL`), and the page's orders created before the
  // end of one.
  const spanViews = statuses ? statuses.map((status) => `STATUS:${status}`) : ['ALL'];
  const before = (end: string) => chosenOf(query, end);
  // Statuses over whole days: the day that holds the page's first order from the kept rows of each status
  // and day, which also count the range; then, within it, the second (the page's orders are the
  // range's, created before it).
  const overDays: Placer = async (offset, readFromOldest) => {
    const day = await keptStatusDayPlace(
      db,
      ORDER_DAYS,
      statuses ?? ORDER_STATUSES,
      { from: query.fromCreateDate, to: query.toCreateDate },
      offset,
    );
    if (!day.edgeDay || day.passed === null || readFromOldest(day.count)) return { count: day.count };
    const withinDay = offset - day.passed;
    const edge = await keptSpanEdge(db, spanViews, withinDay, { day: day.edgeDay });
    return {
      count: day.count,
      start: startAfter(edge, withinDay, before) ?? {
        from: chosenOf({ ...query, toCreateDate: day.edgeDay }),
        offset: withinDay,
      },
    };
  };
  // Statuses alone, or nothing, are counted from kept figures (`counter`) and placed over all time.
  const place =
    counter && filteredOnlyBy(query, ['orderStatuses'])
      ? onSpans(db, counter, spanViews, before)
      : filteredOnlyBy(query, ['orderStatuses', 'fromCreateDate', 'toCreateDate'])
        ? overDays
        : undefined;
  return pageOrList(db, where, query, counter, chosenOf(query), place);
}

/** `GET /orders`: every order, newest first. */
export function listOrders(db: Db | Tx, paging: PagingInput): Promise<OrderAnswer> {
  return pageOrList(db, EVERY_ORDER, paging, () => countAllOrders(db));
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
  return ordersWithIds(tx, orderIds);
}
