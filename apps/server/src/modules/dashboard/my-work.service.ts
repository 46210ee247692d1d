import { OVERDUE_ORDERS_LIMIT } from '@mandira/contract/accounting';
import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { EXPIRY_WARNING_DAYS } from '@mandira/contract/lots';
import {
  ACCEPTANCE_QUERY,
  COMPLETION_QUERY,
  EXPIRED_LOTS_QUERY,
  MY_WORK_ACCESS,
  MY_WORK_KEYS,
  MY_WORK_LABELS,
  MY_WORK_SCREENS,
  MY_WORK_STATUSES,
  type MyWork,
  type MyWorkKey,
  OVERDUE_QUERY,
} from '@mandira/contract/my-work';
import { screenByKey } from '@mandira/contract/screens';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { type Actor, hasAccess } from '../../http/auth.ts';
import { overdueWhere } from '../accounting/overdue-orders.ts';
import { AWAITING_COMPLETION } from '../orders/order-query.service.ts';
import { SHIPMENTS_AWAITING_ACCEPTANCE } from '../shipments/shipment-list.service.ts';

/** A count's query, the screen query of its work, and the count past which the card says "n+". */
type Counted = { sql: SQL; path: string; limit?: number };

/** The server's settings the cards read: how far ahead the expiry card looks (EXPIRY_WARNING_DAYS). */
export type MyWorkSettings = { expiryWarningDays: number };
const DEFAULT_SETTINGS: MyWorkSettings = { expiryWarningDays: EXPIRY_WARNING_DAYS };

/**
 * Lots with pieces on hand whose expiry date matches: read from lot_stocks, which holds only the pieces
 * on hand (a row that reaches 0 is deleted), so the count never walks the lots of past years. The same
 * lots as the lots list's `expiringWithinDays` and `expired` filters (docs/domain/lots.md).
 */
const lotsOnHandWhere = (expiry: SQL) =>
  sql`select count(distinct ls.lot_id)::int from lot_stocks ls where ls.quantity > 0 and ${expiry}`;

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const pathOf = (key: MyWorkKey) => screenByKey(MY_WORK_SCREENS[key]).paths[0];
const S = MY_WORK_STATUSES;

/**
 * Each card's one count (a scalar subquery) and the screen query that lists the same work
 * (docs/domain/my-work.md). Every count starts from an index: orders_status_created_idx, order_items_status_idx, shipments_status_idx,
 * the pending tables' keys, milk_deliveries_date_idx and orders_open_balance_idx (migration 0019).
 */
function countsOf(now: Date, settings: MyWorkSettings): Record<MyWorkKey, Counted> {
  const today = istanbulDate(now);
  const days = settings.expiryWarningDays;
  return {
    ORDERS_WAITING_REVIEW: {
      sql: sql`select count(*)::int from orders where status in (${statusList(S.ordersToReview)})`,
      // The statuses the screen opens on, over every day (its default period), as the count.
      path: query({ status: S.ordersToReview.join(',') }),
    },
    ORDERS_WAITING_COMPLETION: {
      // The in-progress orders (orders_status_created_idx), each checked by its items (order_items_order_idx).
      sql: sql`select count(*)::int from orders o where ${AWAITING_COMPLETION}`,
      path: query({ status: S.orderWaitingCompletion, ...COMPLETION_QUERY }),
    },
    ITEMS_WAITING_WAREHOUSE: {
      sql: sql`select count(*)::int from order_items i join orders o on o.id = i.order_id
                where i.status = ${S.itemWaitingWarehouse} and o.status = ${S.orderInWarehouse}`,
      path: query({ itemStatus: S.itemWaitingWarehouse }),
    },
    LOADS_WAITING_ACCEPTANCE: {
      // The trucks the waiting items are loaded on: read from the items (order_items_status_idx).
      sql: sql`select count(*)::int from shipments s where s.id in (${SHIPMENTS_AWAITING_ACCEPTANCE})`,
      path: query(ACCEPTANCE_QUERY),
    },
    SHIPMENTS_ON_WEIGHBRIDGE: {
      sql: sql`select count(*)::int from shipments where status = ${S.shipmentOnWeighbridge}`,
      path: query({ status: S.shipmentOnWeighbridge }),
    },
    BUYERS_WAITING_APPROVAL: { sql: sql`select count(*)::int from pending_buyers`, path: '' },
    ITEMS_WAITING_APPROVAL: { sql: sql`select count(*)::int from pending_product_items`, path: '' },
    MILK_DELIVERIES_TODAY: {
      sql: sql`select count(*)::int from milk_deliveries
                where delivery_date_time >= ${startOfIstanbulDay(today).toISOString()}
                  and delivery_date_time < ${startOfIstanbulDay(addDays(today, 1)).toISOString()}`,
      path: query({ from: today, to: today }),
    },
    ORDERS_OVERDUE_BALANCE: {
      // The accounting screen's overdue list (decision 128), counted up to its limit: past it the card
      // says "500+", as the list shows the 500 longest overdue.
      sql: sql`select count(*)::int from (select 1 from orders where ${overdueWhere(today)}
                 limit ${OVERDUE_ORDERS_LIMIT + 1}) overdue`,
      limit: OVERDUE_ORDERS_LIMIT,
      path: query({ [OVERDUE_QUERY]: '1' }),
    },
    LOTS_EXPIRING: {
      sql: lotsOnHandWhere(
        sql`ls.expiry_date >= ${today}::date and ls.expiry_date <= ${addDays(today, days)}::date`,
      ),
      path: query({ expiringWithinDays: String(days) }),
    },
    LOTS_EXPIRED_ON_HAND: {
      sql: lotsOnHandWhere(sql`ls.expiry_date < ${today}::date`),
      path: query(EXPIRED_LOTS_QUERY),
    },
  };
}

/** The keys whose screen the actor may open (or the card's narrower access), in the order of MY_WORK_KEYS. */
export function myWorkKeysOf(actor: Actor): MyWorkKey[] {
  return MY_WORK_KEYS.filter((key) =>
    hasAccess(actor, MY_WORK_ACCESS[key] ?? screenByKey(MY_WORK_SCREENS[key]).access),
  );
}

/**
 * `GET /dashboard/my-work`: the work waiting on each screen the actor may open, one indexed count each,
 * zeros included (Ana Sayfa shows the cards with work). The counts are the columns of one statement, so
 * the answer costs one round trip however many cards there are.
 */
export async function myWork(
  db: Db | Tx,
  actor: Actor,
  now: Date = new Date(),
  settings: MyWorkSettings = DEFAULT_SETTINGS,
): Promise<MyWork> {
  const counts = countsOf(now, settings);
  const keys = myWorkKeysOf(actor);
  if (keys.length === 0) return [];
  const columns = sql.join(
    keys.map((key) => sql`(${counts[key].sql}) as ${sql.identifier(key)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<MyWorkKey, number>>(db, sql`select ${columns}`);
  return keys.map((key) => {
    const { limit } = counts[key];
    const count = row![key];
    return {
      key,
      label: MY_WORK_LABELS[key],
      count: limit !== undefined && count > limit ? limit : count,
      more: limit !== undefined && count > limit,
      relativePath: `${pathOf(key)}${counts[key].path}`,
    };
  });
}
