import { addDays, daysBetween, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
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
  conditionsBefore,
  countSettledDays,
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
 * A day or an hour is counted an hour after it ends: a movement writes its rows with its own start
 * time, so by then none can still add to it.
 */
const SETTLE_MS = 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * The settled days from `from` to `to` and the settled hours after them up to `end` (the range's end,
 * none for a whole history): today's finished hours, mostly (decision 198). A query of one movement
 * type has no hours: they are counted per warehouse only.
 */
function settledSpan(
  query: Query,
  { from, to, end }: { from: string; to: string; end?: Date },
  now: Date,
): SettledDays {
  const hoursFrom = startOfIstanbulDay(addDays(to, 1)).getTime();
  // Whole hours of UTC are whole hours of Istanbul.
  const settledEnd = Math.floor((now.getTime() - SETTLE_MS) / HOUR_MS) * HOUR_MS;
  const hoursEnd = query.action ? hoursFrom : Math.min(settledEnd, end?.getTime() ?? settledEnd);
  const hoursTo = Math.max(hoursFrom, hoursEnd);
  return {
    from,
    to,
    days: daysBetween(from, to).length,
    hours: {
      from: new Date(hoursFrom).toISOString(),
      to: new Date(hoursTo).toISOString(),
      count: (hoursTo - hoursFrom) / HOUR_MS,
    },
  };
}

function settledDaysOf(query: Query, now: Date): SettledDays | undefined {
  // Counts are kept per warehouse and type; one item's rows are few and counted from its own index.
  if (query.productItemId || query.lotId || !query.startDate || !query.endDate) return undefined;
  const lastSettled = addDays(istanbulDate(new Date(now.getTime() - SETTLE_MS)), -1);
  const to = query.endDate < lastSettled ? query.endDate : lastSettled;
  if (to < query.startDate) return undefined;
  const end = startOfIstanbulDay(addDays(query.endDate, 1));
  return settledSpan(query, { from: query.startDate, to, end }, now);
}

/**
 * The query's totals as `readHistoryTotals` reads them; where a settled day or hour of `settled` is not
 * counted yet, it is counted first and the totals read again.
 */
async function countedTotals(
  db: Db,
  query: Query,
  where: ReturnType<typeof historyConditions>,
  settled: SettledDays | undefined,
) {
  const totals = await readHistoryTotals(db, query, where, settled);
  if (!settled || totals.counted === settled.days + settled.hours.count) return totals;
  await countSettledDays(db, settled);
  return readHistoryTotals(db, query, where, settled);
}

/** The settled days a whole history's count looks at first: a busy week is past COUNT_LIMIT. */
const NEWEST_DAYS = 7;

/**
 * Whether the newest settled days alone hold more than COUNT_LIMIT of the rows a query without dates,
 * item or lot matches, from their kept counts (a few rows a day). Then its count is capped whatever the
 * rest holds, and is answered without reading the history row by row (decision 164): the whole
 * history's page 1, or page 2147483647, no longer counts 10,001 rows. Then, too, every page the list
 * reaches starts within those days or after them, so they can place a deep one (decisions 195 and 198).
 */
async function newestDaysPastLimit(db: Db, query: Query): Promise<Counted | undefined> {
  if (query.productItemId || query.lotId || query.startDate || query.endDate) return undefined;
  const now = new Date();
  const to = addDays(istanbulDate(new Date(now.getTime() - SETTLE_MS)), -1);
  const settled = settledSpan(query, { from: addDays(to, 1 - NEWEST_DAYS), to }, now);
  // The days alone: their hours after them are counted only when a deep page needs them.
  const days = { ...settled, hours: { from: settled.hours.from, to: settled.hours.from, count: 0 } };
  const window = { ...query, startDate: settled.from, endDate: settled.to };
  const counted = await countedTotals(db, window, historyConditions(window), days);
  return counted.total > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true, settled } : undefined;
}

/**
 * The rows a whole history's query matches after its newest settled days, which its capped count did
 * not read: the settled hours' from their counts (counted first where missing), the rest row by row.
 * The days themselves, which that count has just read, are left out (an empty range of days).
 */
async function unsettledAfter(db: Db, query: Query, settled: SettledDays): Promise<number> {
  const hoursOnly = { ...settled, from: addDays(settled.to, 1), days: 0 };
  return (await countedTotals(db, query, undefined, hoursOnly)).unsettled;
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
  const counted = await countedTotals(db, query, where, settled);
  const capped = !settled && counted.total > COUNT_LIMIT;
  return { total: capped ? COUNT_LIMIT : counted.total, capped, settled, unsettled: counted.unsettled };
}

/**
 * A page's entries. A deep one whose first row lies in the range's settled days (or, without dates, in
 * the newest settled days) starts at the end of the hour that holds it, found from the day and hour
 * counts (which `countHistory` has just made sure of), and passes only that hour's later rows instead of
 * every row above it (decisions 195 and 198).
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
        unsettled: unsettled ?? (await unsettledAfter(db, query, settled)),
      })
    : undefined;
  return edge
    ? historyPageEntries(db, conditionsBefore(query, edge), limit, offset - edge.passed)
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
