import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../src/db/client.ts';

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
