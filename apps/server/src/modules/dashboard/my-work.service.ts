import { OVERDUE_ORDERS_LIMIT } from '@mandira/contract/accounting';
import { istanbulDate } from '@mandira/contract/istanbul-time';
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
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, hasAccess } from '../../http/auth.ts';
import { readMyWorkCounts } from './my-work.repo.ts';

/** The screen query of a card's work, and the count past which the card says "n+". */
type Card = { path: string; limit?: number };

/** The server's settings the cards read: how far ahead the expiry card looks (EXPIRY_WARNING_DAYS). */
export type MyWorkSettings = { expiryWarningDays: number };
const DEFAULT_SETTINGS: MyWorkSettings = { expiryWarningDays: EXPIRY_WARNING_DAYS };

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const pathOf = (key: MyWorkKey) => screenByKey(MY_WORK_SCREENS[key]).paths[0];
const S = MY_WORK_STATUSES;

/**
 * Each card's screen query, which lists the same work as its count (docs/domain/my-work.md; the counts
 * are my-work.repo.ts's).
 */
function cardsOf(today: string, settings: MyWorkSettings): Record<MyWorkKey, Card> {
  const days = settings.expiryWarningDays;
  return {
    // The statuses the screen opens on, over every day (its default period), as the count.
    ORDERS_WAITING_REVIEW: { path: query({ status: S.ordersToReview.join(',') }) },
    ORDERS_WAITING_COMPLETION: { path: query({ status: S.orderWaitingCompletion, ...COMPLETION_QUERY }) },
    ITEMS_WAITING_WAREHOUSE: { path: query({ itemStatus: S.itemWaitingWarehouse }) },
    LOADS_WAITING_ACCEPTANCE: { path: query(ACCEPTANCE_QUERY) },
    SHIPMENTS_ON_WEIGHBRIDGE: { path: query({ status: S.shipmentOnWeighbridge }) },
    BUYERS_WAITING_APPROVAL: { path: '' },
    ITEMS_WAITING_APPROVAL: { path: '' },
    MILK_DELIVERIES_TODAY: { path: query({ from: today, to: today }) },
    // The accounting screen's overdue list (decision 128): past its limit the card says "500+", as the
    // list shows the 500 longest overdue.
    ORDERS_OVERDUE_BALANCE: { limit: OVERDUE_ORDERS_LIMIT, path: query({ [OVERDUE_QUERY]: '1' }) },
    LOTS_EXPIRING: { path: query({ expiringWithinDays: String(days) }) },
    LOTS_EXPIRED_ON_HAND: { path: query(EXPIRED_LOTS_QUERY) },
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
  const today = istanbulDate(now);
  const cards = cardsOf(today, settings);
  const keys = myWorkKeysOf(actor);
  if (keys.length === 0) return [];
  const row = await readMyWorkCounts(db, keys, today, settings.expiryWarningDays);
  return keys.map((key) => {
    const { limit } = cards[key];
    const count = row[key];
    return {
      key,
      label: MY_WORK_LABELS[key],
      count: limit !== undefined && count > limit ? limit : count,
      more: limit !== undefined && count > limit,
      relativePath: `${pathOf(key)}${cards[key].path}`,
    };
  });
}
