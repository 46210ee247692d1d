import type { AuditPage, AuditQuery } from '@mandira/contract/audit';
import type { Db } from '../../db/client.ts';
import { readCappedPage } from '../../http/unpaged-limit.ts';
import {
  auditConditions,
  auditEntriesPage,
  auditEntriesWithIds,
  chainEntryIdsUpTo,
  countAuditEntriesUpTo,
  lastChainPosition,
} from './audit.repo.ts';
import { entriesAnswer } from './audit-answer.ts';

const DEFAULT_PAGE_SIZE = 50;

/**
 * The whole trail's page, read through the audit chain (decision 164): the chain links every entry at
 * its commit at positions 1, 2, 3… without gaps, so the last position is the exact count and page p is
 * the positions just below `count - (p - 1) × size`, found by the chain's primary key. A page costs its
 * own rows however long the trail grows, and every page stays reachable. Newest first is commit order.
 */
async function readWholeTrailPage(db: Db, page: number, size: number) {
  const count = await lastChainPosition(db);
  const top = count - (page - 1) * size;
  const ids = top > 0 ? await chainEntryIdsUpTo(db, top, size) : [];
  const entries = ids.length > 0 ? await auditEntriesWithIds(db, ids) : [];
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
  const where = auditConditions(query);
  if (!where) {
    const { rows, ...figures } = await readWholeTrailPage(db, page, size);
    return { content: await entriesAnswer(db, rows), page, size, ...figures };
  }
  const { rows, ...figures } = await readCappedPage(
    page,
    size,
    (limit) => countAuditEntriesUpTo(db, where, limit),
    (limit, offset) => auditEntriesPage(db, where, limit, offset),
  );
  return { content: await entriesAnswer(db, rows), page, size, ...figures };
}
