import { sql } from 'drizzle-orm';
import { type KeptFigure, keptColumn } from '../../db/kept-figure.ts';
import { type StatusDayCounts, statusDayCountsFigure } from '../../db/status-day-counts.ts';
import { dealtTotalOf } from './order-steps.ts';
import {
  recountProductReservationsStatement,
  recountSnapshotReservationsStatement,
  summedReservationsStatement,
  summedSnapshotReservationsStatement,
} from './reservations.ts';

/**
 * Each product's pieces held in baskets and open order items (decision 65): moved by hand by every
 * write that changes them (`changeReservation`); `summedReservationsStatement` is its definition.
 */
export const PRODUCT_RESERVATIONS: KeptFigure = {
  name: "products' reserved pieces",
  table: 'product_reservations',
  triggers: [],
  services: ['apps/server/src/modules/orders/reservations.ts changeReservation'],
  differences: sql`
    select 'product ' || s.product_id as key,
           concat_ws(' / ', coalesce(k.basket_pieces, 0), coalesce(k.order_pieces, 0)) as kept,
           concat_ws(' / ', s.basket_pieces, s.order_pieces) as summed
      from (${summedReservationsStatement()}) s
      left join product_reservations k on k.product_id = s.product_id
     where (coalesce(k.basket_pieces, 0), coalesce(k.order_pieces, 0)) <> (s.basket_pieces, s.order_pieces)
     order by s.product_id`,
  recount: [recountProductReservationsStatement()],
};

/** The open order pieces of each bundle snapshot (decision 99), moved with the products' by the same call. */
export const SNAPSHOT_RESERVATIONS: KeptFigure = {
  name: "bundle snapshots' order pieces",
  table: 'bundle_snapshots',
  triggers: [],
  services: ['apps/server/src/modules/orders/reservations.ts changeReservation'],
  differences: sql`
    select 'snapshot ' || s.snapshot_id as key, k.order_pieces::text as kept, s.order_pieces::text as summed
      from (${summedSnapshotReservationsStatement()}) s
      join bundle_snapshots k on k.id = s.snapshot_id
     where k.order_pieces <> s.order_pieces
     order by s.snapshot_id`,
  recount: [recountSnapshotReservationsStatement()],
};

/** An order's items in the warehouse flow and on a truck, summed from its items' stages. */
const SUMMED_STAGES = sql`
  select o.id, coalesce(c.warehouse, 0) as warehouse, coalesce(c.shipping, 0) as shipping
    from orders o
    left join (select order_id, sum((order_item_stage(status))[1])::int as warehouse,
                      sum((order_item_stage(status))[2])::int as shipping
                 from order_items group by order_id) c on c.order_id = o.id`;

/**
 * Each order's items in the warehouse flow and on a truck (migration 0027, decision 160), which put it
 * on the warehouse and shipping screens: moved by a trigger on its items.
 */
export const ORDER_STAGES: KeptFigure = {
  name: "orders' items per screen",
  table: 'orders',
  triggers: [{ table: 'order_items', trigger: 'order_items_keep_order_stages' }],
  services: [],
  differences: sql`
    select 'order ' || o.id as key, concat_ws(' / ', o.warehouse_items, o.shipping_items) as kept,
           concat_ws(' / ', s.warehouse, s.shipping) as summed
      from orders o join (${SUMMED_STAGES}) s on s.id = o.id
     where (o.warehouse_items, o.shipping_items) <> (s.warehouse, s.shipping)
     order by o.id`,
  recount: [
    sql`update orders o set warehouse_items = s.warehouse, shipping_items = s.shipping
          from (${SUMMED_STAGES}) s
         where s.id = o.id and (o.warehouse_items, o.shipping_items) <> (s.warehouse, s.shipping)`,
  ],
};

/**
 * Each screen's and each status's number of orders (migration 0027, decision 160): moved at commit by a
 * deferred trigger on the orders; `order_views()` says which an order counts in.
 */
export const ORDER_VIEW_COUNTS: KeptFigure = {
  name: 'orders per screen and status',
  table: 'order_view_counts',
  triggers: [{ table: 'orders', trigger: 'orders_keep_view_counts' }],
  services: [],
  differences: sql`
    select 'view ' || coalesce(k.view, c.view) as key, coalesce(k.count, 0)::text as kept,
           coalesce(c.count, 0)::text as summed
      from order_view_counts k
      full join (select x.view, count(*)::int as count
                   from orders o, unnest(order_views(o.status, o.warehouse_items, o.shipping_items)) as x(view)
                  group by x.view) c on c.view = k.view
     where coalesce(k.count, 0) <> coalesce(c.count, 0)
     order by 1`,
  recount: [sql`select order_view_counts_recount()`],
};

/** Each screen's, each status's and all orders per span of creation time, from scratch (migration 0037). */
const SUMMED_SPANS = sql`
  select x.view, s.width, s.start, count(*)::int as count
    from orders o, unnest(order_span_keys(o.status, o.warehouse_items, o.shipping_items)) as x(view),
         order_span_starts(o.created_at) as s
   group by 1, 2, 3`;

/**
 * Each screen's and each status's orders, and all orders (`ALL`), per span of their creation time from
 * 360 days to a second (migration 0037, decision 197), which place a deep page of a screen or of the
 * order search: moved at commit by a deferred trigger on the orders; a span no order fills has no row.
 */
export const ORDER_SPANS: KeptFigure = {
  name: 'orders per screen and span of time',
  table: 'order_spans',
  triggers: [{ table: 'orders', trigger: 'orders_keep_spans' }],
  services: [],
  differences: sql`
    select 'span ' || coalesce(k.view, c.view) || ' ' || coalesce(k.width, c.width) || ' '
             || to_char(coalesce(k.start, c.start) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as key,
           coalesce(k.count, 0)::text as kept, coalesce(c.count, 0)::text as summed
      from order_spans k
      full join (${SUMMED_SPANS}) c on c.view = k.view and c.width = k.width and c.start = k.start
     where coalesce(k.count, 0) <> coalesce(c.count, 0)
     order by 1`,
  recount: [sql`select order_spans_recount()`],
};

/** The orders counted per status and Istanbul day (migration 0035), which the order search sums (decision 191). */
export const ORDER_DAYS: StatusDayCounts = {
  counts: 'order_day_counts',
  counted: 'orders',
  trigger: 'orders_keep_day_counts',
};

/** How many orders of each status were placed on each day: moved at commit by a deferred trigger on the orders. */
export const ORDER_DAY_COUNTS = statusDayCountsFigure('orders per status and day', ORDER_DAYS);

/** Each order item's pieces on trucks, summed from its load records. */
const SUMMED_LOADED = sql`
  select oi.id, coalesce(l.pieces, 0) as value
    from order_items oi
    left join (select order_item_id, sum(pieces)::int as pieces from shipment_loads group by order_item_id) l
      on l.order_item_id = oi.id`;

/**
 * Each order item's loaded pieces (decision 84), which its reservation, its dealt total and its guards
 * read: raised with each load and lowered by a rejection or a return, by hand in the same transaction as
 * the load records (`recordItemLoaded`, `recordLoadsReversed`); the sum of its loads' pieces.
 */
export const ORDER_ITEM_LOADED_PIECES: KeptFigure = {
  name: "order items' loaded pieces",
  table: 'order_items',
  triggers: [],
  services: ['apps/server/src/modules/orders/item-steps.ts recordItemLoaded, recordLoadsReversed'],
  ...keptColumn({
    table: 'order_items',
    column: 'loaded_quantity',
    key: 'order item',
    summed: SUMMED_LOADED,
  }),
};

/** Each order's dealt total from its items, at the orders' money scale. */
const SUMMED_DEALT = sql`select o.id, (${dealtTotalOf(sql`o.id`)})::numeric(14, 2) as value from orders o`;

/**
 * Each order's dealt total (docs/domain/money.md), which the balances, the statement and the search
 * read: the approved pieces of its items, or the loaded ones once loading finished, at their net prices.
 * Set when the order is placed and refreshed by hand (`refreshDealtTotal`, or `writeItemStep` with a
 * single item's step) by every write of an item: its review, its steps, its loads and their reversal.
 */
export const ORDER_DEALT_TOTAL: KeptFigure = {
  name: "orders' dealt totals",
  table: 'orders',
  triggers: [],
  services: [
    'apps/server/src/modules/orders/place-order.service.ts applyBasketToOrder',
    'apps/server/src/modules/orders/order-steps.ts refreshDealtTotal',
    'apps/server/src/modules/orders/order-item.repo.ts writeItemStep',
  ],
  ...keptColumn({ table: 'orders', column: 'dealt_total_price', key: 'order', summed: SUMMED_DEALT }),
};
