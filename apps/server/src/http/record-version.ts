import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import { STALE_RECORD_OPENING } from '@mandira/contract/record-version';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client.ts';
import type { Actor } from './auth.ts';
import { conflict } from './errors.ts';

/** The records with an edit form, each carrying `version` and `updated_by` (docs/domain/record-versions.md). */
export const VERSIONED_TABLES = [
  'buyers',
  'buyer_warehouses',
  'products',
  'product_items',
  'warehouses',
  'vehicles',
  'drivers',
  'milk_vehicles',
  'milk_vehicle_drivers',
  'users',
  'roles',
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

/** The user id a write records as its writer; the system (start-up, demo, ERP sync) is null. */
export const writerOf = (actor: Actor): number | null => (actor.userId > 0 ? actor.userId : null);

type VersionRow = { version: number; updated_at: Date | string; writer: string | null };

/**
 * Every write of an editable record passes here before it changes the row: the row is locked, a write
 * that names the version it was read at (`expected`) and finds a newer one is refused with 409
 * CONFLICT naming who changed it and when, and otherwise the version goes up by one and the actor
 * becomes its writer. Without `expected` the write goes through (older callers send none). Answers
 * false when there is no such row, so the caller gives its own 404.
 */
export async function takeNextVersion(
  tx: Tx,
  table: VersionedTable,
  id: number,
  actor: Actor,
  expected?: number,
): Promise<boolean> {
  const [row] = await rowsOf<VersionRow>(
    tx,
    sql`select t.version, t.updated_at,
               coalesce(nullif(btrim(u.name || ' ' || u.surname), ''), u.user_name) as writer
          from ${sql.identifier(table)} t left join users u on u.id = t.updated_by
         where t.id = ${id}
           for update of t`,
  );
  if (!row) return false;
  if (expected !== undefined && row.version !== expected) {
    throw conflict(staleRecordMessage(row.writer, new Date(row.updated_at)));
  }
  await tx.execute(
    sql`update ${sql.identifier(table)}
           set version = version + 1, updated_by = ${writerOf(actor)}, updated_at = now()
         where id = ${id}`,
  );
  return true;
}

/**
 * For a statement that changes many rows' state at once (a shipment setting its driver's status): the
 * same step as `takeNextVersion` without the check, which the caller's form never asked for.
 */
export const nextVersionSql = (actor: Actor): SQL =>
  sql`version = version + 1, updated_by = ${writerOf(actor)}`;

/** A new record starts at version 1 (the column's default) with its creator as its writer. */
export async function stampCreated(tx: Tx, table: VersionedTable, id: number, actor: Actor): Promise<void> {
  const writer = writerOf(actor);
  if (writer === null) return;
  await tx.execute(sql`update ${sql.identifier(table)} set updated_by = ${writer} where id = ${id}`);
}

/** 'Bu kayıt siz açtıktan sonra Ayşe Yılmaz tarafından değiştirildi (24.11.2026 22:14). …' */
export function staleRecordMessage(writer: string | null, at: Date): string {
  const iso = toIstanbulIso(at);
  const when = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
  return (
    `${STALE_RECORD_OPENING} ${writer ?? 'başka bir kullanıcı'} tarafından değiştirildi (${when}). ` +
    'Son hâlini görmek için formu kapatıp yeniden açın.'
  );
}
