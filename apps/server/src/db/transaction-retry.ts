import { setTimeout as sleep } from 'node:timers/promises';

/**
 * SQLSTATEs of a transaction PostgreSQL rolled back because of another one running at the same time:
 * a deadlock (40P01) or a serialization failure (40001). Nothing of it was written, and the same work
 * tried again a moment later normally succeeds (decision 149).
 */
const CONFLICT_STATES = new Set(['40P01', '40001']);

/** The shape of drizzle's `transaction` (the database's type lives in client.ts, which imports this). */
// biome-ignore lint/suspicious/noExplicitAny: any transaction method, whatever its callback and options.
type Transaction = (...args: any[]) => Promise<any>;

/** Tries of one transaction before the conflict is answered 503: the first and two more. */
export const TRANSACTION_ATTEMPTS = 3;

/** Whether PostgreSQL rolled the transaction back for a concurrent one, looking through drizzle's `cause`. */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && CONFLICT_STATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Makes every `db.transaction` (the one a route opens, never a savepoint inside it) start again from
 * the top when PostgreSQL rolls it back as a deadlock victim or a serialization failure, up to
 * `attempts` tries, after a short random pause so the two do not meet again in step. The last
 * conflict is thrown as it is; the error handler answers it 503 with `Retry-After`.
 */
export function retryConflictingTransactions<D extends { transaction: Transaction }>(
  db: D,
  attempts = TRANSACTION_ATTEMPTS,
): D {
  const begin = db.transaction.bind(db);
  const retrying = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await begin(...args);
      } catch (error) {
        if (attempt >= attempts || !isTransactionConflict(error)) throw error;
        await sleep(attempt * (5 + Math.random() * 20));
      }
    }
  };
  db.transaction = retrying as D['transaction'];
  return db;
}
