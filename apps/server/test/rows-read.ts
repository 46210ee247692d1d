import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../src/db/client.ts';

/** Whether the tests run on PostgreSQL, where these counters exist (PGlite has none). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/** What PostgreSQL read: table rows (sequential reads and heap fetches) and index entries. */
export type RowsRead = { tableRows: number; indexEntries: number };

const readSoFar = async (tx: Tx): Promise<RowsRead> => {
  const [row] = await rowsOf<RowsRead>(
    tx,
    sql`select (select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)::int
                  from pg_stat_xact_user_tables) as "tableRows",
               (select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int
                  from pg_stat_user_indexes) as "indexEntries"`,
  );
  return row!;
};

/**
 * The rows `read` makes PostgreSQL read, from this backend's counters of the running transaction
 * (`pg_stat_xact_*`, exact and not flushed late like `pg_stat_database`); PostgreSQL only. The
 * transaction is read-only and rolled back, so it is safe on a database that must not be written.
 */
export async function rowsReadBy(db: Db, read: (tx: Tx) => Promise<unknown>): Promise<RowsRead> {
  let counted: RowsRead | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      const before = await readSoFar(tx);
      await read(tx);
      const after = await readSoFar(tx);
      counted = {
        tableRows: after.tableRows - before.tableRows,
        indexEntries: after.indexEntries - before.indexEntries,
      };
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!counted) throw error;
    });
  return counted!;
}

/**
 * The rows PostgreSQL reads for `read` in a transaction that may write (a read that keeps day counts
 * does), counted as `pg_stat_database` counts them (tuples returned by
 * sequential and index scans, index entries included, plus heap rows fetched by index scans), over the
 * application's own tables. Read from the transaction's own statistics (`pg_stat_get_xact_*`), so no
 * flush of the shared statistics is awaited and other sessions do not add to the figure. PostgreSQL only.
 */
export async function rowsReadTotal(db: Db, read: (tx: Db) => Promise<unknown>): Promise<number> {
  return db.transaction(async (tx) => {
    const figure = async () => {
      const [row] = await rowsOf<{ rows: string }>(
        tx,
        sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0) as rows
              from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i')`,
      );
      return Number(row?.rows ?? 0);
    };
    const before = await figure();
    // The lists take the database; its transaction has the same query surface (see `Tx`).
    await read(tx as unknown as Db);
    return (await figure()) - before;
  });
}

type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows a plan's scans read: what each table or index scan returned or filtered away, times its loops. */
function scanned(node: PlanNode): number {
  const type = node['Node Type'];
  const isScan = type.endsWith('Scan') && !/^(CTE|Subquery|Function|Values|WorkTable) Scan$/.test(type);
  const own = isScan
    ? (node['Actual Rows'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      node['Actual Loops']
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scanned(child), 0);
}

/**
 * Rows PostgreSQL reads to answer `run` (issue 42): every statement it sends through `db.execute` is
 * first run under EXPLAIN ANALYZE and its scans' rows summed, then run for its answer. PostgreSQL only;
 * reads only.
 */
export async function rowsRead<T>(db: Db, run: (db: Db) => Promise<T>): Promise<{ rows: number; answer: T }> {
  let rows = 0;
  const explaining = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const explained = await target.execute(sql`explain (analyze, format json) ${query}`);
        const [plan] = (explained as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows;
        rows += scanned(plan!['QUERY PLAN'][0].Plan);
        return target.execute(query);
      };
    },
  });
  const answer = await run(explaining);
  return { rows, answer };
}
