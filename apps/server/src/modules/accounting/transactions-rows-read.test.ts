import type { TransactionPage, TransactionsQuery } from '@mandira/contract/accounting';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type AccountingWorld, accountingWorld } from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { rowsRead } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';
import { movements } from './account-movements.ts';
import { listTransactions } from './transactions.service.ts';

// Rows read are PostgreSQL's own figures (its statistics of the transaction); PGlite runs the same SQL in the other tests.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/** Orders of a year for one buyer, each with its NEW_ORDER and a payment; two in five have an adjustment. */
const ORDERS = 5_200;

describe.skipIf(!onPostgres)("a big buyer's transactions page reads what it shows (issue 42)", () => {
  let w: AccountingWorld;
  let buyerId: number;
  beforeAll(async () => {
    w = await accountingWorld();
    const b = await buyer(w);
    buyerId = b.id;
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const first = await placedOrder(w, b.id, [{ productId, boxes: 1 }]);
    await w.t.db.execute(sql`
      with o as (
        insert into orders (buyer_id, buyer_branch_id, status, total_price, dealt_total_price, created_at, updated_at)
        select f.buyer_id, f.buyer_branch_id, 'COMPLETED', 100, case when g % 5 < 2 then 90 else 100 end,
               now() - make_interval(mins => g * 100), now() - make_interval(mins => g * 100 - 30)
          from orders f, generate_series(1, ${ORDERS}) g
         where f.id = ${first.id}
        returning id, buyer_id, created_at)
      insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at)
      select o.buyer_id, o.id, 'NEW_ORDER', null, 100, o.created_at from o
      union all
      select o.buyer_id, o.id, 'ORDER_PAYMENT', 'CASH', 50, o.created_at + interval '10 minutes' from o`);
    // As autovacuum leaves tables grown by thousands of rows: planned by their statistics, and the
    // buyer's balance row, rewritten by each insert's trigger, without its thousands of dead versions.
    for (const table of ['orders', 'accounting_transactions', 'buyer_balances'])
      await w.t.db.execute(sql.raw(`vacuum analyze ${table}`));
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

  it('answers a page beyond the newest 10.000 empty without reading its rows', async () => {
    const beyond = await rowsRead(w.t.db, (db) => listTransactions(db, query(COUNT_LIMIT / 50 + 1, 50)));
    expect(beyond.answer).toMatchObject({ transactions: [], count: COUNT_LIMIT, countCapped: true });
    expect(beyond.rows).toBeLessThanOrEqual(10);
  });
});
