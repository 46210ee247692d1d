import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  ledger,
  pay,
} from '../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../test/builders/order-test-data.ts';
import { TRANSACTION_CONFLICT_MESSAGE } from '../http/database-unavailable.ts';
import { type Db, rowsOf } from './client.ts';
import {
  isTransactionConflict,
  retryConflictingTransactions,
  TRANSACTION_ATTEMPTS,
} from './transaction-retry.ts';

/** What node-postgres throws for a deadlock victim, wrapped as drizzle wraps a failed query. */
const deadlock = () => Object.assign(new Error('Failed query'), { cause: { code: '40P01' } });

/** A database whose transactions throw the given errors in turn, then answer 'done'; counts its tries. */
function failingDb(errors: Error[]) {
  const tries = { count: 0 };
  const db = {
    transaction: async () => {
      tries.count += 1;
      const error = errors.shift();
      if (error) throw error;
      return 'done';
    },
  } as unknown as Db;
  return { db: retryConflictingTransactions(db), tries };
}

describe('a transaction rolled back for a concurrent one', () => {
  it('is told apart by its SQLSTATE, through drizzle’s cause', () => {
    expect(isTransactionConflict(deadlock())).toBe(true);
    expect(isTransactionConflict({ code: '40001' })).toBe(true);
    expect(isTransactionConflict({ code: '23505' })).toBe(false);
    expect(isTransactionConflict(new Error('40P01'))).toBe(false);
  });

  it('is tried again, at most TRANSACTION_ATTEMPTS times in all', async () => {
    const twice = failingDb([deadlock(), Object.assign(new Error('x'), { code: '40001' })]);
    await expect(twice.db.transaction(async () => 'unused')).resolves.toBe('done');
    expect(twice.tries.count).toBe(3);

    const always = failingDb(Array.from({ length: 10 }, deadlock));
    await expect(always.db.transaction(async () => 'unused')).rejects.toSatisfy(isTransactionConflict);
    expect(always.tries.count).toBe(TRANSACTION_ATTEMPTS);
  });

  it('is the only error tried again', async () => {
    const other = failingDb([Object.assign(new Error('unique'), { code: '23505' })]);
    await expect(other.db.transaction(async () => 'unused')).rejects.toThrow('unique');
    expect(other.tries.count).toBe(1);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

describe.skipIf(!serverUrl)(
  'a real deadlock on PostgreSQL (pay-order against a concurrent transaction)',
  () => {
    let w: AccountingWorld;
    let other: pg.Client;
    let orderId: number;

    beforeAll(async () => {
      w = await accountingWorld();
      const { id: buyerId } = await buyer(w);
      const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
      orderId = (await placedOrder(w, buyerId, [{ productId, boxes: 10 }])).id;
      const [database] = await rowsOf<{ name: string }>(w.t.db, sql`select current_database() as name`);
      const url = new URL(serverUrl!);
      url.pathname = `/${database!.name}`;
      other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      // The other side waits far longer before it looks for a deadlock, so PostgreSQL always rolls the
      // route's transaction back, not this one.
      await other.query(`set deadlock_timeout = '60s'`);
    });
    afterAll(async () => {
      await other?.end();
      await w?.close();
    });

    /** Until some other session of this database waits for the advisory lock this one holds. */
    async function routeWaitsForTheLock(): Promise<void> {
      for (let tries = 0; tries < 400; tries++) {
        const { rows } = await other.query(
          `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and not l.granted and a.datname = current_database()
            and l.pid <> pg_backend_pid()`,
        );
        if (rows.length > 0) return;
        await sleep(25);
      }
      throw new Error('the route never waited for the lock');
    }

    /**
     * Closes a cycle with the route `rounds` times. This session holds the lock a payment takes last,
     * when it updates the buyer's kept figures (a session lock, kept across commits); each time the route
     * has locked the order row and waits for it, this session asks for the order row: a deadlock, whose
     * victim is the route's try. Then it commits, freeing the row for the route's next try.
     */
    async function deadlockTheRoute(rounds: number): Promise<void> {
      await other.query(`select pg_advisory_lock(hashtext('buyer_balances'))`);
      try {
        for (let round = 0; round < rounds; round++) {
          await routeWaitsForTheLock();
          await other.query('begin');
          await other.query('select id from orders where id = $1 for update', [orderId]);
          await other.query('commit');
        }
      } finally {
        await other.query(`select pg_advisory_unlock(hashtext('buyer_balances'))`);
      }
    }

    const payment = () => ({ orderId, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 5 });

    it('is tried again: the payment is written once and answered 200', async () => {
      const before = (await ledger(w)).length;
      const [answer] = await Promise.all([pay(w, payment()), deadlockTheRoute(1)]);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await ledger(w)).length).toBe(before + 1);
    });

    it('that outlives its tries is answered 503 with Retry-After in Turkish, writing nothing', async () => {
      const before = await ledger(w);
      const [answer] = await Promise.all([pay(w, payment()), deadlockTheRoute(TRANSACTION_ATTEMPTS)]);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json.error).toEqual({ message: TRANSACTION_CONFLICT_MESSAGE, code: 'UNAVAILABLE' });
      expect(await ledger(w)).toEqual(before);
      // The route is whole again once the other transaction is gone.
      expect((await pay(w, payment())).statusCode).toBe(200);
    });
  },
);
