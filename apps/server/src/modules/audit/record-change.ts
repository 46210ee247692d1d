import type { AuditEntityType } from '@mandira/contract/audit';
import type { AuditAction } from '@mandira/contract/audit-labels';
import type { LiveEvent, LiveTopic } from '@mandira/contract/live-events';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { preparedRowsOf, type Tx } from '../../db/client.ts';
import { type AuditChangeRow, auditEntries, users } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { announcementOf } from '../events/announce.ts';

/** A record as the service has it: its fields by name (a row, an answer, a body). */
type Fields = Readonly<Record<string, unknown>> | null | undefined;

export type Change = {
  /**
   * The machine's action (APPROVE, PREPARING…), or CREATE, UPDATE, DELETE, PAY_ORDER…: only a code
   * with a Turkish name in the contract's AUDIT_ACTION_LABELS (decision 144).
   */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | null;
  /** The order an item, load or payment belongs to, so the order's trail lists it. */
  orderId?: number | null;
  before?: Fields;
  after?: Fields;
  /** The record's state after the change, for the live event. */
  status?: string;
  /** Other topics that should hear of the change (an item that moves stock: `stock`). */
  alsoTopics?: readonly LiveTopic[];
};

/** Fields never written to the trail: secrets, and what only echoes the write itself. */
const SECRET = /pass(word)?|hash|token|secret|salt/i;
/**
 * Bookkeeping, not changes anyone made: timestamps, the version, and the order's item counts per screen
 * that a trigger keeps (decision 160), whose moves the items' own entries already tell.
 */
const NOISE = new Set(['updatedAt', 'createdAt', 'version', 'warehouseItems', 'shippingItems']);

const TOPIC_OF: Record<AuditEntityType, LiveTopic> = {
  ORDER: 'orders',
  ORDER_ITEM: 'orders',
  BASKET: 'orders',
  SHIPMENT: 'shipments',
  SHIPMENT_LOAD: 'shipments',
  PAYMENT: 'accounting',
  BUYER: 'buyers',
  BUYER_WAREHOUSE: 'buyers',
  PRODUCT: 'products',
  PRODUCT_ITEM: 'products',
  STOCK: 'stock',
  WAREHOUSE: 'stock',
  VEHICLE: 'fleet',
  DRIVER: 'fleet',
  MILK_VEHICLE: 'milk',
  MILK_DRIVER: 'milk',
  MILK_DELIVERY: 'milk',
  USER: 'users',
  ROLE: 'users',
};

/** A value as JSON keeps it, so a date and its ISO text compare equal and nothing odd is stored. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a field of a record may enter the trail at all. */
export function isRecordedField(field: string): boolean {
  return !SECRET.test(field) && !NOISE.has(field);
}

/**
 * The changed fields, before → after: a creation lists its new values, a deletion its old ones, an
 * update only what differs. Secrets never enter (docs/domain/audit.md).
 */
export function changedFields(before: Fields, after: Fields): AuditChangeRow[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChangeRow[] = [];
  for (const field of names) {
    if (!isRecordedField(field)) continue;
    const was = before ? plain(before[field]) : null;
    const is = after ? plain(after[field]) : null;
    if (before && after && !(field in after)) continue; // a partial answer says nothing of it
    if (before && after && same(was, is)) continue;
    if (!before && is === null) continue;
    if (!after && was === null) continue;
    changes.push({ field, before: was, after: is });
  }
  return changes;
}

/**
 * Who wrote, as the office knows them: the user's name and surname as they are at the time of the
 * write, or the user name when those are empty (the system writes under its own name).
 */
export function actorNameSql(actor: Actor): SQL {
  if (actor.userId === 0) return sql`${actor.userName}`;
  return sql`coalesce((select nullif(trim(${users.name} || ' ' || ${users.surname}), '')
                        from ${users} where ${users.id} = ${actor.userId}), ${actor.userName})`;
}

/**
 * Records one write in the audit trail and announces it on the live stream, both inside the writing
 * transaction (decision 0126): a write that rolls back leaves neither, one that commits always has both.
 * Call it once per changed record, after the write.
 */
export async function recordChange(tx: Tx, actor: Actor, change: Change): Promise<void> {
  await preparedRowsOf(tx, 'record_change', changeRecordedAfter(sql``, actor, change));
}

/**
 * `recordChange`'s statement after `writes`, WITH entries (each ending in a comma) that make the change
 * it records: the write, its entry and its announcement in one round trip (decision 183).
 */
export function changeRecordedAfter(writes: SQL, actor: Actor, change: Change): SQL {
  const system = actor.userId === 0;
  const orderId = change.orderId ?? (change.entityType === 'ORDER' ? change.entityId : null);
  const topics = new Set<LiveTopic>([TOPIC_OF[change.entityType], ...(change.alsoTopics ?? [])]);
  const events = [...topics].map(
    (topic): LiveEvent => ({
      topic,
      type: `${change.entityType.toLowerCase()}.changed`,
      id: change.entityId,
      ...(change.status ? { status: change.status.slice(0, 40) } : {}),
      ...(orderId ? { orderId } : {}),
      ...(system ? {} : { by: actor.userId }),
    }),
  );
  // The entry and its announcement in one round trip: every write pays for this statement.
  return sql`
    with ${writes} entry as (
      insert into ${auditEntries} (actor_id, actor_name, action, entity_type, entity_id, order_id, changes)
      values (${system ? null : actor.userId}, ${actorNameSql(actor)}, ${change.action}, ${change.entityType},
              ${change.entityId}, ${orderId}, ${JSON.stringify(changedFields(change.before, change.after))}::jsonb))
    ${announcementOf(events)}`;
}

/**
 * A record's stored columns as they are now, for the `before` of a change (undefined when it does not
 * exist; the service's own check still answers that).
 */
export async function storedRow(
  tx: Tx,
  table: PgTable & { id: AnyPgColumn },
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row as Record<string, unknown> | undefined;
}

/**
 * The live event of a stock movement, which writes its lines, history and audit entries in one
 * statement (docs/decisions/0126-audit-trail-in-the-writing-transaction.md): one event for the lines.
 */
export function stockEvent(context: { actor: Actor; orderId?: number }): LiveEvent {
  return {
    topic: 'stock',
    type: 'stock.changed',
    id: null,
    ...(context.orderId ? { orderId: context.orderId } : {}),
    ...(context.actor.userId ? { by: context.actor.userId } : {}),
  };
}
