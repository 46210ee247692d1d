import type { AuditPage, AuditQuery } from '@mandira/contract/audit';
import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';
import { readCappedPage } from '../../http/unpaged-limit.ts';
import { entriesAnswer } from './audit-answer.ts';

const DEFAULT_PAGE_SIZE = 50;

function conditions(query: AuditQuery): SQL | undefined {
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

/**
 * The whole trail's page, read through the audit chain (decision 164): the chain links every entry at
 * its commit at positions 1, 2, 3… without gaps, so the last position is the exact count and page p is
 * the positions just below `count - (p - 1) × size`, found by the chain's primary key. A page costs its
 * own rows however long the trail grows, and every page stays reachable. Newest first is commit order.
 */
async function readWholeTrailPage(db: Db, page: number, size: number) {
  const [last] = await rowsOf<{ position: string }>(
    db,
    sql`select coalesce(max(position), 0) as position from audit_chain`,
  );
  const count = Number(last?.position ?? 0);
  const top = count - (page - 1) * size;
  const links =
    top > 0
      ? await rowsOf<{ entryId: string }>(
          db,
          sql`select entry_id as "entryId" from audit_chain
               where position <= ${top} and position > ${top - size} order by position desc`,
        )
      : [];
  const ids = links.map((link) => Number(link.entryId));
  const entries =
    ids.length > 0 ? await db.select().from(auditEntries).where(inArray(auditEntries.id, ids)) : [];
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, count, totalPages: Math.ceil(count / size) };
}

/**
 * The entries a query names, newest first, one page of them (decision 0126), each with its Turkish
 * names and the names of the records it refers to (decision 144). The whole trail is paged through its
 * chain; a filtered one is counted up to COUNT_LIMIT and paged within it (decision 149), its page's ids
 * chosen first from an index so the rows its offset skips are never read.
 */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const where = conditions(query);
  if (!where) {
    const { rows, ...figures } = await readWholeTrailPage(db, page, size);
    return { content: await entriesAnswer(db, rows), page, size, ...figures };
  }
  const { rows, ...figures } = await readCappedPage(
    page,
    size,
    async (limit) => {
      const upTo = db
        .select({ id: auditEntries.id })
        .from(auditEntries)
        .where(where)
        .limit(limit)
        .as('up_to');
      return (await db.select({ value: count() }).from(upTo))[0]?.value ?? 0;
    },
    (limit, offset) => {
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
    },
  );
  return { content: await entriesAnswer(db, rows), page, size, ...figures };
}
