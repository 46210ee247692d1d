import type { LiveEvent } from '@mandira/contract/live-events';
import { type SQL, sql } from 'drizzle-orm';
import { signedPayloadSql } from './event-signature.ts';

/** The notification channel the live events travel on, between the server processes of one database. */
export const LIVE_EVENTS_CHANNEL = 'mandira_live_events';

/**
 * A statement telling every listening process what this transaction changed, one notification per
 * event; a write sends it with its own last statement (as a query after a data-modifying WITH) so it
 * costs no round trip of its own. The database delivers a notification only when its transaction
 * commits and drops it when it rolls back, so an event never announces a change that did not happen.
 * Each is signed (`event-signature.ts`), so the listeners know it from a forged one.
 */
export function announcementOf(events: readonly LiveEvent[]): SQL {
  return sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${signedPayloadSql(sql`e`)})
               from unnest(${sql.param(events.map((event) => JSON.stringify(event)))}::text[]) as e`;
}

/** The `pg_notify(…)` call announcing one event, signed, for a statement that builds its own query. */
export function liveNotification(event: LiveEvent): SQL {
  return sql`pg_notify(${LIVE_EVENTS_CHANNEL}, ${signedPayloadSql(sql`${JSON.stringify(event)}`)})`;
}
