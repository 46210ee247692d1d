/**
 * How long the server waits for PostgreSQL (decision 50). Without them a connection that dies silently
 * (a dropped network path, a failover) holds every request that touches it for ever.
 */
export type DatabaseTimeouts = {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** The server cancels a statement, or a transaction left idle, after this long. */
  statementMs: number;
  /** The server process gives up on an answer after this long and drops the connection. */
  queryMs: number;
};

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 20_000,
};

/** TCP keep-alive on every connection, so that the operating system notices a dead peer eventually. */
export const KEEP_ALIVE_DELAY_MS = 10_000;

/**
 * How long a pooled connection may sit idle before the pool closes it (decision 187). pg's default of
 * 10 s closed the pool after every quiet moment, and the next requests each opened a PostgreSQL backend
 * again: a process started, its caches filled and its statements prepared anew, on the request's time.
 */
export const IDLE_CONNECTION_MS = 5 * 60_000;
