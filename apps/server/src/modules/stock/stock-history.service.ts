import { addDays, daysBetween, istanbulDate } from '@mandira/contract/istanbul-time';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import {
  STOCK_HISTORY_UNPAGED_LIMIT,
  type StockHistoryEntry,
  type StockHistoryPage,
  type StockHistoryQuery,
} from '@mandira/contract/stock';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Bounded, PAGES_PASSED_WITHOUT_EDGE, readBounded } from '../../http/unpaged-limit.ts';
import {
  countSettledDays,
  countUnsettled,
  historyConditions,
  historyPageEntries,
  newestHistoryEntries,
  readHistoryTotals,
  type SettledDays,
  settledDayOfRow,
} from './stock-history.repo.ts';

type Query = z.output<typeof StockHistoryQuery>;
const DEFAULT_PAGE_SIZE = 50;

/**
 * A day is counted an hour after it ends: a movement writes its rows with its own start time, so by
 * then none can still add to the day.
 */
const SETTLE_MS = 60 * 60_000;

function settledDaysOf(query: Query, now: Date): SettledDays | undefined {
  // Counts are kept per warehouse and type; one item's rows are few and counted from its own index.
  if (query.productItemId || query.lotId || !query.startDate || !query.endDate) return undefined;
  const lastSettled = addDays(istanbulDate(new Date(now.getTime() - SETTLE_MS)), -1);
  const to = query.endDate < lastSettled ? query.endDate : lastSettled;
  if (to < query.startDate) return undefined;
  return { from: query.startDate, to, days: daysBetween(query.startDate, to).length };
}

/** The settled days a whole history's count looks at first: a busy week is past COUNT_LIMIT. */
const NEWEST_DAYS = 7;

/**
 * Whether the newest settled days alone hold more than COUNT_LIMIT of the rows a query without dates,
 * item or lot matches, from their kept counts (a few rows a day). Then its count is capped whatever the
 * rest holds, and is answered without reading the history row by row (decision 164): the whole
 * history's page 1, or page 2147483647, no longer counts 10,001 rows. Then, too, every page the list
 * reaches starts within those days or after them, so they can place a deep one (decision 195).
 */
async function newestDaysPastLimit(db: Db, query: Query): Promise<Counted | undefined> {
  if (query.productItemId || query.lotId || query.startDate || query.endDate) return undefined;
  const to = addDays(istanbulDate(new Date(Date.now() - SETTLE_MS)), -1);
  const settled = { from: addDays(to, 1 - NEWEST_DAYS), to, days: NEWEST_DAYS };
  const window = { ...query, startDate: settled.from, endDate: settled.to };
  const read = () => readHistoryTotals(db, window, historyConditions(window), settled);
  let counted = await read();
  if (counted.counted < settled.days) {
    await countSettledDays(db, settled);
    counted = await read();
  }
  return counted.total > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true, settled } : undefined;
}

/**
 * How a query's rows were counted: in all, and the settled days counted and the rows after them
 * (`unsettled`, when the count read them).
 */
type Counted = { total: number; capped: boolean; settled?: SettledDays; unsettled?: number };

/**
 * The rows the query matches, counted as a page's total is (the settled days from their counts, the
 * `unsettled` rest row by row), and whether the count stopped at COUNT_LIMIT because it went row by row
 * (decision 149).
 */
async function countHistory(
  db: Db,
  query: Query,
  where: ReturnType<typeof historyConditions>,
): Promise<Counted> {
  const pastLimit = await newestDaysPastLimit(db, query);
  if (pastLimit) return pastLimit;
  const settled = settledDaysOf(query, new Date());
  const read = () => readHistoryTotals(db, query, where, settled);
  let counted = await read();
  if (settled && counted.counted < settled.days) {
    await countSettledDays(db, settled);
    counted = await read();
  }
  const capped = !settled && counted.total > COUNT_LIMIT;
  return { total: capped ? COUNT_LIMIT : counted.total, capped, settled, unsettled: counted.unsettled };
}

/**
 * A page's entries. A deep one whose first row lies in the range's settled days (or, without dates, in
 * the newest settled days) starts at that day, found from the day counts (which `countHistory` has just
 * made sure of), and passes only that day's later rows instead of every row above it (decision 195).
 */
async function pageEntries(
  db: Db,
  query: Query,
  where: ReturnType<typeof historyConditions>,
  { settled, unsettled }: Counted,
  { size, limit, offset }: { size: number; limit: number; offset: number },
): Promise<StockHistoryEntry[]> {
  const deep = settled && offset > PAGES_PASSED_WITHOUT_EDGE * size;
  const edge = deep
    ? await settledDayOfRow(db, query, settled, {
        offset,
        // A whole history's capped count read only its newest settled days: the rows after them now.
        unsettled: unsettled ?? (await countUnsettled(db, query, settled)),
      })
    : undefined;
  return edge
    ? historyPageEntries(
        db,
        historyConditions({ ...query, endDate: edge.edgeDay }),
        limit,
        offset - edge.passed,
      )
    : historyPageEntries(db, where, limit, offset);
}

/**
 * Newest first; without `page` and `size` the newest STOCK_HISTORY_UNPAGED_LIMIT rows and how many
 * matched, which the route puts in the answer's headers (decision 113, superseding decision 104's 422).
 * Paged, the count comes first and the pages reach the newest COUNT_LIMIT rows (decision 149): a page
 * beyond them or past the end is answered empty without reading, never through an OFFSET that walks the
 * history.
 */
export async function listStockHistory(
  db: Db,
  query: Query,
): Promise<Bounded<StockHistoryEntry> | StockHistoryPage> {
  const where = historyConditions(query);
  if (query.page === undefined && query.size === undefined) {
    const counted = { capped: false };
    const bounded = await readBounded(
      STOCK_HISTORY_UNPAGED_LIMIT,
      // Every row read is answered: no offset to skip, so no ids first.
      (limit) => newestHistoryEntries(db, where, limit),
      async () => {
        const { total, capped } = await countHistory(db, query, where);
        counted.capped = capped;
        return total;
      },
    );
    return { ...bounded, totalCapped: counted.capped };
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const counted = await countHistory(db, query, where);
  const { total, capped } = counted;
  const reachable = Math.min(total, COUNT_LIMIT);
  const offset = (page - 1) * size;
  const limit = Math.min(size, reachable - offset);
  const entries =
    offset < reachable ? await pageEntries(db, query, where, counted, { size, limit, offset }) : [];
  return {
    entries,
    page,
    size,
    count: total,
    ...(capped && { countCapped: true as const }),
    totalPages: Math.ceil(reachable / size),
  };
}
