import type pg from 'pg';

/**
 * How often the server looks for tables that no autovacuum serves (decision 196): often enough that a
 * table grown by a busy hour is planned by what it holds, rarely enough that the look (one statement on
 * the statistics views) costs nothing a request would notice.
 */
export const STATISTICS_CHECK_MS = 5_000;

/** One server process at a time keeps the tables; the others skip their turn. */
const STATISTICS_LOCK = 7_401_002;

/**
 * The tables autovacuum would vacuum or analyze now, were it running for them, by PostgreSQL's default
 * thresholds: vacuumed past 50 dead rows plus 20 % of the table, or 1,000 inserted rows plus 20 % (which
 * marks the new rows visible, so the screens' index-only walks need not visit them); analyzed past 50
 * changed rows plus 10 %. A table kept less than a minute ago rests, as autovacuum looks at a database
 * once a minute, unless it has more than doubled since: an ANALYZE makes every connection plan its
 * prepared statements on the table again, which a small, busy table (a basket's lines, the buyers'
 * balances) would otherwise cost every few seconds, while a table growing from empty is analyzed at
 * 50, 100, 200 rows and so on. Only the tables autovacuum does not serve (it is off for the server, or
 * for the table), and only those this role may keep (it owns them, or is a superuser): another's tables
 * would only be skipped with a warning on every turn.
 */
const STALE_TABLES = `
  select name, vacuum
    from (select format('%I.%I', s.schemaname, s.relname) as name, c.relowner, c.reloptions,
                 (s.n_dead_tup > 50 + 0.2 * t.rows or s.n_ins_since_vacuum > 1000 + 0.2 * t.rows)
                   and (coalesce(greatest(s.last_vacuum, s.last_autovacuum), '-infinity') < t.rested
                        or s.n_dead_tup + s.n_ins_since_vacuum > t.rows) as vacuum,
                 s.n_mod_since_analyze > 50 + 0.1 * t.rows
                   and (coalesce(greatest(s.last_analyze, s.last_autoanalyze), '-infinity') < t.rested
                        or s.n_mod_since_analyze > t.rows) as analyzable
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid
           cross join lateral (select greatest(c.reltuples, 0) as rows, now() - interval '1 minute' as rested) t) k
   where (vacuum or analyzable)
     and (current_setting('autovacuum') = 'off'
          or coalesce(reloptions, '{}') && array['autovacuum_enabled=false', 'autovacuum_enabled=off'])
     and (pg_has_role(current_user, relowner, 'MEMBER')
          or (select rolsuper from pg_roles where rolname = current_user))
   order by name`;

/**
 * Keeps the planner's statistics and the visibility of the rows of a PostgreSQL database whose
 * autovacuum does not run (decision 196): every `everyMs` it vacuums and analyzes the tables changed
 * enough since, as autovacuum would. Without it the planner plans a grown table by the statistics of the
 * empty one and reads it whole for a page of it. Nothing is done where autovacuum serves every table (the
 * statement finds none). A failed turn is left for the next.
 */
export function keepStatistics(pool: pg.Pool, everyMs = STATISTICS_CHECK_MS): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const turn = async () => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ mine: boolean }>('select pg_try_advisory_lock($1) as mine', [
        STATISTICS_LOCK,
      ]);
      if (!rows[0]?.mine) return;
      try {
        const stale = await client.query<{ name: string; vacuum: boolean }>(STALE_TABLES);
        const vacuumed = stale.rows.filter((row) => row.vacuum).map((row) => row.name);
        const analyzed = stale.rows.filter((row) => !row.vacuum).map((row) => row.name);
        // A vacuum of a large table may take longer than a request is allowed.
        await client.query('set statement_timeout = 0');
        if (vacuumed.length > 0) await client.query(`vacuum (analyze) ${vacuumed.join(', ')}`);
        if (analyzed.length > 0) await client.query(`analyze ${analyzed.join(', ')}`);
      } finally {
        await client.query('reset statement_timeout');
        await client.query('select pg_advisory_unlock($1)', [STATISTICS_LOCK]);
      }
    } finally {
      client.release();
    }
  };
  const timer = setInterval(() => {
    running ??= turn()
      .catch(() => {})
      .finally(() => {
        running = undefined;
      });
  }, everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
