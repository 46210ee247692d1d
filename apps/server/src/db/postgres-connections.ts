import type pg from 'pg';
import { type DatabaseTimeouts, KEEP_ALIVE_DELAY_MS } from './timeouts.ts';
import { isDatabaseUnreachable } from './unreachable.ts';

/** Connection settings of every PostgreSQL connection the server opens: timeouts and keep-alive. */
export function connectionConfig(url: string, timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    // A transaction whose client vanished must not hold its row locks until someone notices.
    idle_in_transaction_session_timeout: timeouts.statementMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    // No JIT and no parallel workers: a list's plan can pass jit_above_cost or parallel_setup_cost while
    // it runs in a few ms, and compiling it took 130 ms, starting a worker 14 ms, under load a core
    // more (docs/decisions/0162-list-pages-read-from-the-top.md).
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  };
}

type Release = (error?: Error | boolean) => void;
type Internals = { connection?: { stream?: { destroy(): void } }; release?: Release };

/** Cuts a client's socket: queued queries fail at once instead of waiting behind a lost answer. */
export function cutConnection(client: pg.Client): void {
  (client as unknown as Internals).connection?.stream?.destroy();
}

/**
 * Makes a pool client safe to lose (decision 50), for every client the pool opens:
 * - a query that finds the database unreachable (refused, reset, or no answer within the query timeout,
 *   where pg would leave the lost query active and every later one waiting behind it) cuts the
 *   connection and hands the client back as broken, so the pool drops it and opens a fresh one;
 * - releasing twice is harmless: drizzle releases in a `finally`, which it skips when `begin` itself
 *   fails, so without the release here such a client would stay checked out and the pool would shrink
 *   by one with every lost `begin` until no request got a connection;
 * - a checked-out client has an error listener, so a broken connection never takes the process down.
 */
export function guardPoolClient(client: pg.PoolClient): void {
  client.on('error', () => {});
  let release: Release | undefined;
  Object.defineProperty(client, 'release', {
    configurable: true,
    get: (): Release => (error) => {
      const once = release;
      release = undefined;
      once?.(error);
    },
    set: (fresh: Release) => {
      release = fresh;
    },
  });
  const broken = (error: unknown) => {
    if (!isDatabaseUnreachable(error)) return;
    cutConnection(client);
    client.release(error as Error);
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (...args) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (error) broken(error);
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(broken);
    return result;
  };
}
