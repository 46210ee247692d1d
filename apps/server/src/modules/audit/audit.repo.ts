import type { AuditQuery } from '@mandira/contract/audit';
import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

/** The query's filters on the audit entries; undefined when it names none (the whole trail). */
export function auditConditions(query: AuditQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.entityType && query.entityId !== undefined) {
    const own = and(eq(auditEntries.entityType, query.entityType), eq(auditEntries.entityId, query.entityId));
    // An order's trail tells its whole story: its items, loads and payments carry its id.
    where.push(query.entityType === 'ORDER' ? or(own, eq(auditEntries.orderId, query.entityId)) : own);
  } else if (query.entityType) {
    where.push(eq(auditEntries.entityType, query.entityType));
  } else if (query.entityId !== undefined) {
    where.push(eq(auditEntries.entityId, query.entityId));
  }
  if (query.actorId !== undefined) where.push(eq(auditEntries.actorId, query.actorId));
  if (query.action) where.push(eq(auditEntries.action, query.action));
  if (query.from) where.push(gte(auditEntries.at, startOfIstanbulDay(query.from)));
  if (query.to) where.push(lt(auditEntries.at, startOfIstanbulDay(addDays(query.to, 1))));
  return and(...where);
}

/** The audit chain's last position, which is how many entries it links (decision 164). */
export async function lastChainPosition(db: Db): Promise<number> {
  const [last] = await rowsOf<{ position: string }>(
    db,
    sql`select coalesce(max(position), 0) as position from audit_chain`,
  );
  return Number(last?.position ?? 0);
}

/** The ids of the entries the chain links at the `size` positions up to `top`, highest first. */
export async function chainEntryIdsUpTo(db: Db, top: number, size: number): Promise<number[]> {
  const links = await rowsOf<{ entryId: string }>(
    db,
    sql`select entry_id as "entryId" from audit_chain
         where position <= ${top} and position > ${top - size} order by position desc`,
  );
  return links.map((link) => Number(link.entryId));
}

/** The entries of these ids, in no order. */
export function auditEntriesWithIds(db: Db, ids: number[]) {
  return db.select().from(auditEntries).where(inArray(auditEntries.id, ids));
}

/** How many entries `where` matches, counted up to `limit`. */
export async function countAuditEntriesUpTo(db: Db, where: SQL, limit: number): Promise<number> {
  const upTo = db.select({ id: auditEntries.id }).from(auditEntries).where(where).limit(limit).as('up_to');
  return (await db.select({ value: count() }).from(upTo))[0]?.value ?? 0;
}

/** The entries `where` matches, newest first, `offset` to `offset + limit`: their ids chosen first. */
export function auditEntriesPage(db: Db, where: SQL, limit: number, offset: number) {
  const pageIds = db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.id))
    .limit(limit)
    .offset(offset);
  return db
    .select()
    .from(auditEntries)
    .where(sql`${auditEntries.id} = any(array(${pageIds}))`)
    .orderBy(desc(auditEntries.id));
}
