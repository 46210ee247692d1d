import type { AuditPage, AuditQuery } from '@mandira/contract/audit';
import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
 * The entries a query names, newest first, one page of them (decision 0126), each with its Turkish
 * names and the names of the records it refers to (decision 144).
 */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const where = conditions(query);
  // The trail grows with every write: counted up to COUNT_LIMIT, paged within it (decision 149).
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
    (limit, offset) =>
      db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.id)).limit(limit).offset(offset),
  );
  return { content: await entriesAnswer(db, rows), page, size, ...figures };
}
