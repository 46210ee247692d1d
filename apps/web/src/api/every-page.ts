import type { Envelope } from '@mandira/contract/envelope';
import { rowsNoticingCut } from '../lib/pages/cut-notice.ts';
import { unwrap } from './client.ts';

/** The largest page the server answers (MAX_TRANSACTION_PAGE_SIZE and the milk list's limit). */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every row of a paged list, read page by page (decision 111): the Excel file of a whole filtered set
 * without asking the server for one answer whose size grows with the data. With `noun`, a list whose
 * count was capped tells the user the file holds only the newest rows.
 */
export async function fetchEveryPage<P, T>(
  /** Asks for one page: a declared operation's call. */
  send: (page: number, size: number) => Promise<Envelope<P>>,
  read: (answer: P) => { rows: readonly T[]; totalPages: number; countCapped?: boolean | undefined },
  noun?: string,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = read(await unwrap(send(page, EXPORT_PAGE_SIZE)));
    rows.push(...answer.rows);
    if (page < answer.totalPages) continue;
    // A count that stopped at 10,000 pages no further (decision 149): the file holds the newest, and says so.
    if (!answer.countCapped || !noun) return rows;
    return rowsNoticingCut({ rows, extent: { total: rows.length, limit: rows.length, capped: true } }, noun);
  }
}
