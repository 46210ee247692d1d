import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The version of an editable record and its last writer (docs/domain/record-versions.md): every write
 * adds one to `version`, and a write that names an older one is refused (`http/record-version.ts`).
 * `updated_by` is a user id, null for the system.
 */
export const versionColumns = () => ({
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by'),
});

/** For the editable tables that had no `updated_at` before the versions (migration 0020). */
export const versionedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
