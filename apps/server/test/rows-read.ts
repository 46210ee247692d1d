import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../src/db/client.ts';

/**
 * The rows PostgreSQL reads for `read`, counted as `pg_stat_database` counts them (tuples returned by
 * sequential and index scans, index entries included, plus heap rows fetched by index scans), over the
 * application's own tables. Read from the transaction's own statistics (`pg_stat_get_xact_*`), so no
 * flush of the shared statistics is awaited and other sessions do not add to the figure. PostgreSQL only.
 */
export async function rowsReadBy(db: Db, read: (tx: Db) => Promise<unknown>): Promise<number> {
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
