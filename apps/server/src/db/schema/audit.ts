import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One changed field of an audit entry, before → after. */
export type AuditChangeRow = { field: string; before: unknown; after: unknown };

/**
 * The audit trail (docs/domain/audit.md): one append-only row per written record, inserted in the
 * writing transaction. A trigger of migration 0018 refuses UPDATE, DELETE and TRUNCATE; migration 0025
 * links each entry into `audit_chain` when it commits. No foreign keys: an entry outlives whatever it
 * names and never blocks a write.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    orderId: integer('order_id'),
    changes: jsonb('changes').$type<AuditChangeRow[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('audit_entries_entity_idx').on(t.entityType, t.entityId, t.id.desc()),
    index('audit_entries_order_idx').on(t.orderId, t.id.desc()).where(sql`${t.orderId} is not null`),
    index('audit_entries_actor_idx').on(t.actorId, t.id.desc()),
    index('audit_entries_at_idx').on(t.at.desc(), t.id.desc()),
  ],
);

const bytes = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The audit trail's hash chain (migration 0025, docs/decisions/0150-audit-chain-and-database-roles.md):
 * one link per entry in commit order, `hash` = sha256(the previous link's hash ‖ the entry's content).
 * Written only by the entries' commit-time trigger; append-only like the entries.
 */
export const auditChain = pgTable('audit_chain', {
  position: bigint('position', { mode: 'number' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'number' }).notNull().unique(),
  hash: bytes('hash').notNull(),
});
