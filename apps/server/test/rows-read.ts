import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../src/db/client.ts';

/** Whether the tests run on PostgreSQL, where these counters exist (PGlite has none). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/**
 * What PostgreSQL read, as `pg_stat_user_tables` and `pg_stat_user_indexes` count it: table rows
 * (returned by sequential scans, and fetched from the heap by index and bitmap scans: seq_tup_read +
 * idx_tup_fetch) and index entries (returned by index scans, an index-only scan's included: idx_tup_read).
 */
export type RowsRead = { tableRows: number; indexEntries: number };

/**
 * The query of those two figures over the database's own tables and indexes, as the statistics views
 * sum them: from the running transaction's own counters (`pg_stat_get_xact_*`: exact, not sent late,
 * untouched by other sessions) or from the database's (what every ended backend has sent). The tests
 * and the rows-read bench (bench/rows-read.ts) count with this one query.
 */
export function rowsReadQuery(counters: 'transaction' | 'database'): string {
  const of = counters === 'transaction' ? 'pg_stat_get_xact_' : 'pg_stat_get_';
  return `select coalesce(sum(case when c.relkind = 'i' then ${of}tuples_fetched(c.oid)
                                   else ${of}tuples_returned(c.oid) + ${of}tuples_fetched(c.oid) end), 0)::bigint
                   as "tableRows",
                 coalesce(sum(${of}tuples_returned(c.oid)) filter (where c.relkind = 'i'), 0)::bigint
                   as "indexEntries"
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'm', 'i')
             and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast'`;
}

/**
 * The rows PostgreSQL reads to answer `read` (issue 42), counted around it in one transaction from
 * that transaction's own statistics; `read` runs once, on the transaction (its query surface is the
 * database's), and may write (a read that keeps day counts does). `rows` is both figures together.
 * PostgreSQL only.
 */
export async function rowsRead<T>(
  db: Db,
  read: (tx: Db) => Promise<T>,
): Promise<RowsRead & { rows: number; answer: T }> {
  return db.transaction(async (tx) => {
    const counted = async () => {
      const [row] = await rowsOf<Record<keyof RowsRead, string>>(tx, sql.raw(rowsReadQuery('transaction')));
      return { tableRows: Number(row!.tableRows), indexEntries: Number(row!.indexEntries) };
    };
    const before = await counted();
    const answer = await read(tx as unknown as Db);
    const after = await counted();
    const tableRows = after.tableRows - before.tableRows;
    const indexEntries = after.indexEntries - before.indexEntries;
    return { tableRows, indexEntries, rows: tableRows + indexEntries, answer };
  });
}

/**
 * `read`, inside `rowsRead`, planned as on a grown database: its statistics taken first (`ANALYZE`), and
 * no table read whole where an index can serve. A test's small world of kept counts (a few hundred day and
 * hour rows) is cheaper read whole once analyzed, which the server's statistics keeper does when it next
 * looks; a dairy's grown tables are read through their indexes. So the count does not depend on whether
 * the keeper has looked yet. PostgreSQL only.
 */
export async function asGrown<T>(tx: Db, read: () => Promise<T>): Promise<T> {
  await tx.execute(sql`analyze`);
  await tx.execute(sql`set local enable_seqscan = off`);
  return read();
}
