import { COUNT_LIMIT } from '@mandira/contract/paging';
import {
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  UNPAGED_LIMIT_HEADER,
} from '@mandira/contract/unpaged';
import type { FastifyReply } from 'fastify';

/**
 * The newest rows of an unpaged list, at most its limit, and how many matched in all; `totalCapped`
 * when they were counted only up to COUNT_LIMIT (decision 149), `total` being that limit.
 */
export type Bounded<T> = { rows: T[]; total: number; limit: number; totalCapped?: boolean };

/**
 * Decision 113: an unpaged answer is never cut without a word. The headers say how many rows matched
 * and, when the answer holds fewer, the limit it was cut at.
 */
export function boundedAnswer<T>(reply: FastifyReply, { rows, total, limit, totalCapped }: Bounded<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  if (totalCapped) reply.header(TOTAL_COUNT_CAPPED_HEADER, 'true');
  if (total > rows.length) reply.header(UNPAGED_LIMIT_HEADER, String(limit));
  return rows;
}

/**
 * Reads one row past the limit, so the common whole answer costs no count; only a cut one asks
 * `countAll` for its total.
 */
export async function readBounded<T>(
  limit: number,
  readRows: (limit: number) => Promise<T[]>,
  countAll: () => Promise<number>,
): Promise<Bounded<T>> {
  const rows = await readRows(limit + 1);
  if (rows.length <= limit) return { rows, total: rows.length, limit };
  // A count read a moment later may miss rows removed since; the rows read prove at least limit + 1.
  return { rows: rows.slice(0, limit), total: Math.max(await countAll(), limit + 1), limit };
}

/**
 * Whether a list's query filters by nothing but `filters` (its `page` and `size` aside): which kept
 * count, if any, answers how many rows it matches (decisions 134, 160, 191 and 192).
 */
export const filteredOnlyBy = (query: object, filters: readonly string[]) =>
  Object.entries(query).every(
    ([key, value]) => value === undefined || key === 'page' || key === 'size' || filters.includes(key),
  );

/** A page as it is; an unpaged list as a plain array, its extent in the headers (decision 113). */
export const pageOrBounded = <T, P extends { page: number }>(reply: FastifyReply, answer: Bounded<T> | P) =>
  'page' in answer ? answer : boundedAnswer(reply, answer);

/**
 * One page of a list and how many rows match. The count comes first: a page past the end (page
 * 2147483647) is answered from it without reading its rows, since its OFFSET would walk through every
 * matching row only to return none (decision 149).
 */
export async function readPage<T>(
  page: number,
  size: number,
  countAll: () => Promise<number>,
  readRows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ rows: T[]; count: number; totalPages: number }> {
  const count = await countAll();
  const offset = (page - 1) * size;
  const rows = offset < count ? await readRows(size, offset) : [];
  return { rows, count, totalPages: Math.ceil(count / size) };
}

/**
 * A page within this many pages of the end its list is read from passes the rows before it; a deeper
 * one first finds, from the counts the writes keep per day, the day that holds its first row (decision
 * 195). That look-up costs a statement, more than passing a page or two, which the office's commonest
 * pages (the first and the next) would pay for nothing.
 */
export const PAGES_PASSED_WITHOUT_EDGE = 2;

/**
 * One page of a list counted row by row only up to COUNT_LIMIT (decision 149): `countUpTo(n)` counts
 * at most n rows. More than the limit, and the count is the limit with `countCapped`; the pages reach
 * the newest COUNT_LIMIT rows, and one beyond them, or past the end, reads nothing.
 */
export async function readCappedPage<T>(
  page: number,
  size: number,
  countUpTo: (limit: number) => Promise<number>,
  readRows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ rows: T[]; count: number; totalPages: number; countCapped?: true }> {
  const counted = await countUpTo(COUNT_LIMIT + 1);
  const reachable = Math.min(counted, COUNT_LIMIT);
  const offset = (page - 1) * size;
  const rows = offset < reachable ? await readRows(Math.min(size, reachable - offset), offset) : [];
  const figures = { rows, count: reachable, totalPages: Math.ceil(reachable / size) };
  return counted > COUNT_LIMIT ? { ...figures, countCapped: true } : figures;
}
