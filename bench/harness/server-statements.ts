/**
 * Loaded into a bench server (`--import`, when BENCH_SERVER_STATEMENTS names a file): counts the
 * statements the server sends to PostgreSQL, each call of `pg.Client.prototype.query` (a pool's query
 * is its client's, so it counts once; BEGIN and COMMIT count, each being a round trip). The connections
 * that only LISTEN for live events (application name `mandira-listen …`) are left out: their heartbeat
 * is no request's. On SIGUSR2 it writes the count so far to the file, so a bench reads it before and
 * after a window (bench/harness/statements.ts). Nothing of it is in the server's own code.
 */
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import pg from 'pg';

const file = process.env.BENCH_SERVER_STATEMENTS;
if (file && isMainThread) {
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const name = (this as unknown as { connectionParameters?: { application_name?: string } })
      .connectionParameters?.application_name;
    if (!name?.startsWith('mandira-listen')) statements += 1;
    return (query as (...all: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('SIGUSR2', () => writeFileSync(file, `${statements}\n`));
}
