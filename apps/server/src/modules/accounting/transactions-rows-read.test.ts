import type { TransactionPage, TransactionsQuery } from '@mandira/contract/accounting';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { COUNT_LIMIT } from '@mandira/contract/paging';
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
import { listTransactions } from './transactions.service.ts';

// Rows read are PostgreSQL's own figures (its statistics of the transaction); PGlite runs the same SQL in the other tests.

/** Orders of a year for one buyer, each with its NEW_ORDER and a payment; two in five have an adjustment. */
const ORDERS = 5_200;

describe.skipIf(!onPostgres)("a big buyer's transactions page reads what it shows (issue 42)", () => {
  let w: AccountingWorld;
  let buyerId: number;
  beforeAll(async () => {
    w = await accountingWorld();
    buyerId = await buyerOfManyOrders(w, ORDERS);
  }, 60_000);
  afterAll(() => w.close());

  const query = (page: number, size: number) =>
    ({ buyerId, page, size }) as z.output<typeof TransactionsQuery>;

  /** The newest movements as the statement builds them: every one of the buyer's, sorted. */
  const newestFromScratch = async (count: number) =>
    (
      await rowsOf<{ kind: string; id: number }>(
        w.t.db,
        sql`select m.kind, coalesce(m.transaction_id, m.order_id) as id from (${movements(buyerId, {})}) m
             order by m.at desc, m.seq desc, m.tie desc limit ${count}`,
      )
    ).map((row) => `${row.kind}:${row.id}`);
  const keys = (page: TransactionPage) =>
    page.transactions.map((row) => `${row.kind}:${row.kind === 'TRANSACTION' ? row.id : row.orderId}`);

  it('reads a few rows per row shown on the first pages, however long the history, and counts up to 10.000+', async () => {
    const first = await rowsRead(w.t.db, (db) => listTransactions(db, query(1, 50)));
    const page = first.answer as TransactionPage;
    expect(page).toMatchObject({ page: 1, size: 50, count: COUNT_LIMIT, countCapped: true });
    expect(keys(page)).toEqual(await newestFromScratch(50));
    // Every movement is ~12,500 rows; the page reads its 50, the adjustments' orders and lookups.
    // Counted as PostgreSQL counts them: the rows, and the index entries that led to them.
    expect(first.tableRows).toBeLessThanOrEqual(10 * 50);
    expect(first.indexEntries).toBeLessThanOrEqual(10 * 50);

    const fifth = await rowsRead(w.t.db, (db) => listTransactions(db, query(5, 50)));
    expect(keys(fifth.answer as TransactionPage)).toEqual((await newestFromScratch(250)).slice(200));
    // A page at an offset reads down to its own end: a few rows per row above it, never the rest.
    expect(fifth.tableRows).toBeLessThanOrEqual(5 * 250 + 250);
    expect(fifth.indexEntries).toBeLessThanOrEqual(5 * 250 + 250);
  });

  it('reads a deep page from the day that holds it, not every movement above it (decision 195)', async () => {
    // Page 200 of 50 starts 9,950 movements below the newest, about 290 of the buyer's days.
    const deep = await rowsRead(w.t.db, (db) => listTransactions(db, query(200, 50)));
    expect(keys(deep.answer as TransactionPage)).toEqual((await newestFromScratch(10_000)).slice(9_950));
    // The kept day rows down to its day (one each, ~290), that day's newer movements (~35) and its own
    // 50, each with its lookups: measured 572 rows and 571 entries. Walked from the newest, as before
    // decision 195, it read 25,265 rows.
    expect(deep.tableRows).toBeLessThanOrEqual(300 + 6 * 100);
    expect(deep.indexEntries).toBeLessThanOrEqual(300 + 6 * 100);
  });

  it('counts a range of days from the kept day rows, not its movements (decision 195)', async () => {
    const today = istanbulDate(new Date());
    const month = await rowsRead(w.t.db, (db) =>
      listTransactions(db, { ...query(1, 50), from: addDays(today, -29), to: today }),
    );
    // ~1,050 movements in the range; counted from its 30 day rows, the page reads its newest 50 (before
    // decision 195 the count read every movement of the range: 7,250 rows).
    const movementsOfMonth = await rowsOf<{ count: number }>(
      w.t.db,
      sql`select count(*)::int as count from (${movements(buyerId, spanOfDays(addDays(today, -29), today))}) m`,
    );
    expect((month.answer as TransactionPage).count).toBe(movementsOfMonth[0]!.count);
    expect(movementsOfMonth[0]!.count).toBeGreaterThan(900);
    expect(month.tableRows).toBeLessThanOrEqual(10 * 50 + 30);
    expect(month.indexEntries).toBeLessThanOrEqual(10 * 50 + 30);
  });

  it('answers a page beyond the newest 10.000 empty without reading its rows', async () => {
    const beyond = await rowsRead(w.t.db, (db) => listTransactions(db, query(COUNT_LIMIT / 50 + 1, 50)));
    expect(beyond.answer).toMatchObject({ transactions: [], count: COUNT_LIMIT, countCapped: true });
    expect(beyond.rows).toBeLessThanOrEqual(10);
  });
});
