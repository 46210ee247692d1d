import {
  type AccountStatement,
  STATEMENT_TOO_LONG_MESSAGE,
  type StatementQuery,
} from '@mandira/contract/accounting';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type AccountingWorld,
  accountingWorld,
  buyerOfManyOrders,
} from '../../../test/builders/accounting-test-data.ts';
import { onPostgres, rowsRead } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';
import { movements, spanOfDays } from './account-movements.ts';
import { accountStatement } from './statement.service.ts';

const today = istanbulDate(new Date());

// PostgreSQL's own figures; the same SQL runs on PGlite in statement-page-balances.test.ts.
describe.skipIf(!onPostgres)("a big buyer's statement reads what it shows (decisions 171 and 174)", () => {
  let w: AccountingWorld;
  let buyerId: number;
  beforeAll(async () => {
    w = await accountingWorld();
    // A year of orders, 12,480 movements.
    buyerId = await buyerOfManyOrders(w, 5_200);
  }, 60_000);
  afterAll(() => w.close());

  const query = (from: string | undefined, page?: number, size?: number) =>
    ({ buyerId, from, to: today, page, size }) as z.output<typeof StatementQuery>;

  it('refuses a whole year before building it, from its kept day counts', async () => {
    // The year holds ~12,500 movements; building them was 0.3–1.5 s of PostgreSQL on the office's year.
    const refused = await rowsRead(w.t.db, (db) =>
      accountStatement(db, query(addDays(today, -400))).then(
        () => null,
        (error: { message: string; field?: string }) => error,
      ),
    );
    expect(refused.answer).toMatchObject({ message: STATEMENT_TOO_LONG_MESSAGE, field: 'from' });
    // Counted as PostgreSQL counts them: the rows, and the index entries that led to them. The range's
    // 400 day rows and the buyer's; building it stopped one movement past the bound, 3,001 rows.
    expect(refused.tableRows).toBeLessThanOrEqual(450);
    expect(refused.indexEntries).toBeLessThanOrEqual(450);
  });

  it("reads a page of a month from its nearer end, and the month's kept day sums for its totals", async () => {
    const month = addDays(today, -30);
    const whole = await rowsRead(w.t.db, (db) => accountStatement(db, query(month)));
    const lines = (whole.answer as AccountStatement).lines;
    // ~1,060 movements; the adjustments' orders and NEW_ORDER rows make a month ~15,000 rows read.
    expect(lines.length).toBeGreaterThan(1_000);
    const pages = Math.ceil(lines.length / 100);
    const totalsOnly = await rowsRead(w.t.db, (db) => accountStatement(db, query(month, pages + 1, 100)));
    expect((totalsOnly.answer as AccountStatement).lines).toEqual([]);

    for (const page of [1, 5, pages - 1, pages]) {
      const paged = await rowsRead(w.t.db, (db) => accountStatement(db, query(month, page, 100)));
      expect((paged.answer as AccountStatement).lines).toEqual(lines.slice((page - 1) * 100, page * 100));
      // The lines read from the nearer end down to the page's own: a few rows per movement passed, and
      // a fixed part (the buyer, its balance, the range's first and last instants) that the totals alone
      // no longer hide since they read the kept days; a short last page is mostly that part.
      const passed = Math.min(page * 100, lines.length - (page - 1) * 100);
      expect(paged.tableRows - totalsOnly.tableRows, `page ${page}`).toBeLessThanOrEqual(4 * passed + 200);
      expect(paged.indexEntries - totalsOnly.indexEntries, `page ${page}`).toBeLessThanOrEqual(
        4 * passed + 200,
      );
      // With the totals from the kept days, the whole page reads little more than its lines (decision 174).
      expect(paged.tableRows, `page ${page}`).toBeLessThanOrEqual(4 * passed + 300);
    }
    // The totals read one kept row a day of the month (decision 174), not its movements: 33 rows and 33
    // index entries with the buyer and its balance, where they were 6,990 and 2,682.
    expect(totalsOnly.tableRows).toBeLessThanOrEqual(100);
    expect(totalsOnly.indexEntries).toBeLessThanOrEqual(100);
  });

  it('reads a page in the middle of a year from the day that holds it (decision 195)', async () => {
    const from = addDays(today, -364);
    const first = (await accountStatement(w.t.db, query(from, 1, 100))) as AccountStatement;
    const pages = first.paging!.totalPages;
    // ~12,000 movements, 120-odd pages: the middle one is 6,000 movements from either end.
    expect(pages).toBeGreaterThan(100);
    const middle = Math.ceil(pages / 2);
    const paged = await rowsRead(w.t.db, (db) => accountStatement(db, query(from, middle, 100)));
    const answer = paged.answer as AccountStatement;
    // As built from scratch: the range's movements in order, each balance the opening plus those up to it.
    const scratch = await rowsOf<{ kind: string; id: number; balance: string }>(
      w.t.db,
      sql`select m.kind, coalesce(m.transaction_id, m.order_id) as id,
                 (${answer.openingBalance}::numeric(20,2)
                  + sum(m.signed) over (order by m.at, m.seq, m.tie rows unbounded preceding))::numeric(20,2)::text as balance
            from (${movements(buyerId, spanOfDays(from, today))}) m
           order by m.at, m.seq, m.tie offset ${(middle - 1) * 100} limit 100`,
    );
    expect(answer.lines.map((line) => [line.kind, line.transactionId ?? line.orderId, line.balance])).toEqual(
      scratch.map((row) => [row.kind, row.id, Number(row.balance)]),
    );
    // The year's day rows (the totals once, the page's day again: ~365 each) and that day's earlier
    // lines with the page's 100, a few rows each: measured 962 rows and 600 index entries. Walked from
    // the nearer end, as before decision 195, it passed 6,000 movements: 18,262 rows and 17,900 entries.
    expect(paged.tableRows).toBeLessThanOrEqual(2 * 370 + 4 * 150 + 300);
    expect(paged.indexEntries).toBeLessThanOrEqual(2 * 370 + 4 * 150 + 300);
  });
});
