import type { LiveEvent } from '@mandira/contract/live-events';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** The notification channel the live events travel on, between the server processes of one database. */
export const LIVE_EVENTS_CHANNEL = 'mandira_live_events';

/**
 * Tells every listening process what this transaction changed. The database delivers a notification
 * only when its transaction commits and drops it when it rolls back, so an event never announces a
 * change that did not happen.
 */
export async function announce(tx: Tx, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
