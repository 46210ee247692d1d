import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/rows-read.ts';
import { createPostgresTestDatabase } from '../../test/test-database.ts';
import { keepStatistics } from './statistics-keeper.ts';

/** Decision 196: what the server does for the tables of a PostgreSQL whose autovacuum does not serve them. */
describe.skipIf(!onPostgres)('the statistics a server keeps where autovacuum does not (PostgreSQL)', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createPostgresTestDatabase(
      (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)!,
    );
    drop = database.drop;
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    await pool.query(`create table kept (id int primary key, note text) with (autovacuum_enabled = false)`);
    await pool.query(`create table quiet (id int primary key) with (autovacuum_enabled = false)`);
    await pool.query(`analyze kept, quiet`);
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  const stats = async (table: string) =>
    (
      await pool.query<{ analyzed: boolean; vacuumed: boolean; changed: number }>(
        `select last_analyze is not null as analyzed, last_vacuum is not null as vacuumed,
                n_mod_since_analyze::int as changed
           from pg_stat_user_tables where relname = $1`,
        [table],
      )
    ).rows[0]!;

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let tries = 0; tries < 100; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('not within 10 s');
  }

  it('vacuums and analyzes a table grown past autovacuum’s thresholds, and leaves a barely changed one', async () => {
    await pool.query(`insert into kept select g, 'satır ' || g from generate_series(1, 3000) g`);
    await pool.query(`insert into quiet select g from generate_series(1, 20) g`);
    // The statistics views see a backend's counts once it reports them.
    await pool.query('select pg_stat_force_next_flush()');
    await until(async () => (await stats('kept')).changed === 3000);
    const keeper = keepStatistics(pool, 100);
    try {
      // The vacuum and the analyze report their counts one after the other.
      await until(async () => {
        const kept = await stats('kept');
        return kept.vacuumed && kept.changed === 0;
      });
      expect(await stats('kept')).toMatchObject({ analyzed: true, vacuumed: true, changed: 0 });
      // Twenty rows of an empty table are fewer than autovacuum's 50: planned as they were.
      expect(await stats('quiet')).toMatchObject({ vacuumed: false, changed: 20 });
      // The planner now knows the table's rows.
      const [row] = (
        await pool.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'kept'`)
      ).rows;
      expect(row!.reltuples).toBe(3000);
    } finally {
      await keeper.stop();
    }
  });

  it('keeps one at a time: a turn finds another process’s lock and leaves the tables to it', async () => {
    const other = await pool.connect();
    try {
      await other.query('select pg_advisory_lock(7401002)');
      await pool.query(`insert into kept select g, 'yeni' from generate_series(3001, 6000) g`);
      await pool.query('select pg_stat_force_next_flush()');
      const keeper = keepStatistics(pool, 50);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await keeper.stop();
      expect((await stats('kept')).changed).toBe(3000);
    } finally {
      await other.query('select pg_advisory_unlock(7401002)');
      other.release();
    }
  });
  it('lets a table kept within the minute rest, unless it has more than doubled since', async () => {
    // 'kept' was analyzed a moment ago at 3,000 rows; the test above added 3,000 more: changed as many as
    // it held, not more, so it rests.
    const resting = keepStatistics(pool, 50);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await resting.stop();
    expect((await stats('kept')).changed).toBe(3000);
    await pool.query(`insert into kept values (6001, 'bir fazlası')`);
    await pool.query('select pg_stat_force_next_flush()');
    const keeper = keepStatistics(pool, 50);
    try {
      await until(async () => (await stats('kept')).changed === 0);
    } finally {
      await keeper.stop();
    }
  });
});
