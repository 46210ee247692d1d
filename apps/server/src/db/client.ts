import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type EmbeddedClient, PgliteThread } from './pglite-thread.ts';
import { connectionConfig, cutConnection, guardPoolClient } from './postgres-connections.ts';
import * as schema from './schema.ts';
import { grantServerRights, mayMigrate, requireMigrated } from './server-rights.ts';
import { keepStatistics, STATISTICS_CHECK_MS } from './statistics-keeper.ts';
import { writeStatusSets } from './status-set-functions.ts';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, IDLE_CONNECTION_MS } from './timeouts.ts';
import { retryConflictingTransactions, TRANSACTION_ATTEMPTS } from './transaction-retry.ts';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a subscriber of a notification channel hears: 'ready' once it listens (again), 'notice' for
 * each notification (with its payload), and 'lost' when notifications may go missing until the next
 * 'ready'.
 */
export type ChannelEvent = 'ready' | 'notice' | 'lost';

/** Hears a channel's events; `payload` is the notification's text, on 'notice' only. */
export type ChannelListener = (event: ChannelEvent, payload?: string) => void;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Answers when the database does; throws when it cannot be reached. */
  ping(): Promise<void>;
  /** LISTENs on a channel until the returned function is called. */
  subscribe(channel: string, onEvent: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;
const MIGRATION_LOCK = 7_401_001;

export type PostgresOptions = {
  /**
   * The migration role's URL (MIGRATION_DATABASE_URL): migrations run as that role, which owns the
   * tables, and then give the server's role (of `url`) its rights (decision 150). Without it the
   * server's own role migrates and owns the tables.
   */
  migrationUrl?: string;
  poolSize?: number;
  onIdleError?: (error: Error) => void;
  timeouts?: DatabaseTimeouts;
  /** Tries of a transaction PostgreSQL rolls back as a deadlock or serialization failure (decision 149). */
  transactionAttempts?: number;
  /**
   * How often the tables no autovacuum serves are looked at and analyzed when stale (decision 196);
   * false for a process that only migrates or checks and ends.
   */
  statisticsEveryMs?: number | false;
};

export function connectPostgres(
  url: string,
  {
    migrationUrl,
    poolSize = 10,
    onIdleError = (error) => console.warn(`PostgreSQL bağlantısı koptu: ${error.message}`),
    timeouts = DEFAULT_DATABASE_TIMEOUTS,
    transactionAttempts = TRANSACTION_ATTEMPTS,
    statisticsEveryMs = STATISTICS_CHECK_MS,
  }: PostgresOptions = {},
): Database {
  const pool = new pg.Pool({
    ...connectionConfig(url, timeouts),
    max: poolSize,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  // An idle connection the server ends (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', onIdleError);
  pool.on('connect', guardPoolClient);
  const db = retryConflictingTransactions(drizzlePg(pool, { schema }) as unknown as Db, transactionAttempts);
  const statistics = statisticsEveryMs === false ? undefined : keepStatistics(pool, statisticsEveryMs);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // The server's role of decision 150, started without the migration role: `npm run migrate` did it.
      if (!migrationUrl && !(await mayMigrate(pool))) return requireMigrated(pool, migrationsFolder);
      // A connection of its own, without statement timeouts: a migration may rewrite a large table.
      // Several server processes may start together on one database: one migrates, the rest wait.
      const client = new pg.Client({
        connectionString: migrationUrl ?? url,
        connectionTimeoutMillis: timeouts.connectMs,
        keepAlive: true,
      });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        await writeStatusSets(client);
        if (migrationUrl) {
          const { rows } = await pool.query<{ me: string }>('select current_user as me');
          await grantServerRights(client, rows[0]!.me);
        }
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    subscribe: (channel, onEvent) => listenOnPostgres(url, timeouts, channel, onEvent),
    async close() {
      await statistics?.stop();
      await pool.end();
    },
  };
}

const RELISTEN_DELAY_MS = 1_000;
/** How a listening connection shows in `pg_stat_activity`: one per channel, each named with it. */
export const listenerName = (channel: string) => `mandira-listen ${channel}`;

/**
 * A connection of its own that LISTENs on the channel. When it breaks (server restart, a dropped
 * database) the subscriber hears 'lost' at once, and 'ready' again once a new connection listens.
 * A connection that dies silently sends no error: it is asked a `select 1` every connect timeout,
 * and one that does not answer within that time counts as broken (decision 50).
 */
async function listenOnPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  channel: string,
  onEvent: ChannelListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      ...connectionConfig(url, { ...timeouts, queryMs: timeouts.connectMs }),
      application_name: listenerName(channel),
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      onEvent('lost');
      // Not end(): a silently dead connection would never answer the goodbye.
      cutConnection(next);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_DELAY_MS);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      if (message.channel === channel) onEvent('notice', message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (stopped) {
      lost = true;
      await next.end().catch(() => {});
      return;
    }
    client = next;
    heartbeat = setInterval(() => void next.query('select 1').catch(onLost), timeouts.connectMs);
    heartbeat.unref();
    onEvent('ready');
  };

  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const last = client;
    client = undefined;
    if (last) {
      last.removeAllListeners('end');
      last.removeAllListeners('error');
      last.on('error', () => {});
      const ended = last.end().catch(() => {});
      const gaveUp = new Promise((resolve) => setTimeout(resolve, timeouts.connectMs).unref());
      if ((await Promise.race([ended.then(() => true), gaveUp])) !== true) {
        cutConnection(last);
      }
    }
  };
}

/**
 * The embedded database runs no autovacuum, so without ANALYZE the planner keeps the statistics of the
 * empty database it was created as and reads whole tables once they have grown (decision 115).
 */
const PGLITE_ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * The embedded database; `dataDir` undefined keeps it in memory (tests). `template` is a dumped data
 * directory to start from instead of an empty one (tests copy one migrated database).
 */
export async function connectPglite(
  dataDir?: string,
  template?: Blob,
  { analyzeEveryMs = PGLITE_ANALYZE_EVERY_MS }: { analyzeEveryMs?: number } = {},
): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(dataDir);
  }
  // A data directory is a database in use: it runs on a thread of its own (decision 182). The in-memory
  // ones of tests stay on the calling thread: they are many, short-lived and start from a dumped template.
  let client: EmbeddedClient;
  try {
    client = dataDir
      ? await PgliteThread.start(path.join(dataDir, 'pglite'), template)
      : await inThisThread(template);
  } catch (error) {
    releaseLock();
    throw error;
  }
  // drizzle asks of PGlite only what EmbeddedClient offers.
  const pglite = client as unknown as PGlite;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  // The in-memory ones of tests stay as their tests made them. An analyze still running when the next
  // is due is not joined by another: on a big database they would queue up before every request.
  let analyzeRunning = false;
  const analyzing = dataDir
    ? setInterval(() => {
        if (analyzeRunning) return;
        analyzeRunning = true;
        client
          .exec('analyze')
          .catch(() => {})
          .finally(() => {
            analyzeRunning = false;
          });
      }, analyzeEveryMs).unref()
    : undefined;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
      await writeStatusSets(client);
      if (dataDir) await client.exec('analyze');
    },
    async ping() {
      await client.query('select 1');
    },
    async subscribe(channel, onEvent) {
      // One process owns the embedded database, so no notification can be missed.
      const unsubscribe = await client.listen(channel, (payload) => onEvent('notice', payload));
      onEvent('ready');
      return () => unsubscribe();
    },
    async close() {
      clearInterval(analyzing);
      await client.close();
      releaseLock();
    },
  };
}

async function inThisThread(template: Blob | undefined): Promise<EmbeddedClient> {
  const client = new PGlite({ loadDataDir: template });
  await client.waitReady;
  return client as unknown as EmbeddedClient;
}

export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'server.lock';

/**
 * PGlite has no lock of its own; two processes on one data directory would corrupt it.
 * The lock file holds the owner's pid, so a lock left by a crashed process is taken over; the owner
 * itself may take it again.
 */
export function takeDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, LOCK_FILE);
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `Veri klasörü (${dataDir}) başka bir sunucu süreci (pid ${owner}) tarafından kullanılıyor. ` +
          'Gömülü veritabanını aynı anda tek süreç açabilir; diğer süreci durdurun ya da DATABASE_URL ile PostgreSQL kullanın.',
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Awaits drizzle queries one after another. Inside a transaction all queries share one connection,
 * which runs one query at a time; `Promise.all` there only queues them in the driver (deprecated in
 * pg). drizzle queries start when awaited, so the array may be built up front.
 */
export async function oneByOne<const T extends readonly PromiseLike<unknown>[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** Whether `db` is a transaction already, so that a write joins it instead of opening its own. */
export function isTransaction(db: Db | Tx): db is Tx {
  return db instanceof PgTransaction;
}

/**
 * Prepared statements are bound to the database they were built on: `build` runs once per database and
 * key (a query's filter shape), and the same statements serve every later call.
 */
export function perDatabase<T>(build: (db: Db | Tx, key: string) => T): (db: Db | Tx, key?: string) => T {
  const built = new WeakMap<Db | Tx, Map<string, T>>();
  return (db, key = '') => {
    let byKey = built.get(db);
    if (!byKey) {
      byKey = new Map();
      built.set(db, byKey);
    }
    let value = byKey.get(key);
    if (value === undefined) {
      value = build(db, key);
      byKey.set(key, value);
    }
    return value;
  };
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`, which drizzle's types leave open. */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * rowsOf as a named prepared statement, for the large reads a screen repeats (decision 92) and the
 * statements of the frequent writes (decision 189): PostgreSQL keeps each connection's plan instead of
 * planning the statement anew on every call, which cost more than running it. The name carries a hash
 * of the text, as pg refuses one name for two texts; a statement whose text varies with its filters so
 * becomes one prepared statement per combination, so a text must not vary with a list's length (pass
 * lists as array parameters).
 */
export async function preparedRowsOf<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const digest = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16);
  const prepared = db._.session.prepareQuery(compiled, undefined, `${name}_${digest}`, false);
  const result = await prepared.execute();
  return (result as unknown as { rows: T[] }).rows;
}
