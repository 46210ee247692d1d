import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateBlob } from '../../test/test-database.ts';
import { isUniqueViolation } from '../http/errors.ts';
import { connectPglite, type Database, rowsOf } from './client.ts';
import { isTransactionConflict } from './transaction-retry.ts';

// A data directory's database runs on a thread of its own (decision 182); these hold that the server
// cannot tell: the same rows and types, transactions that commit or roll back whole, the errors the
// services read, notifications, and the server's thread free while a statement runs.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-thread-'));
let onThread: Database;
let inMemory: Database;

const SETUP = sql`create table goods (
  id int primary key, code text unique, made date, seen timestamptz, price numeric(12, 2),
  pieces bigint, tags text[], extra jsonb, kept interval)`;

beforeAll(async () => {
  const template = await pgliteTemplateBlob();
  [onThread, inMemory] = await Promise.all([
    connectPglite(dir, template),
    connectPglite(undefined, template),
  ]);
  for (const database of [onThread, inMemory]) await database.db.execute(SETUP);
});
afterAll(async () => {
  await Promise.all([onThread?.close(), inMemory?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The database's own error under drizzle's wrapping. */
const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.cause ? causeOf(error.cause) : error;

const count = async (database: Database) =>
  (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from goods`))[0]!.n;

describe('the embedded database on its own thread', () => {
  it('answers the same rows and types as the one on the calling thread', async () => {
    const insert = sql`insert into goods values (1, '2611-A', '2026-11-26', '2026-11-26T08:30:00Z', 1512.7,
      9007199254740993, array['süt', 'peynir'], '{"ş": [1, 2]}', '3 days')`;
    const select = sql`select * from goods where id = 1`;
    for (const database of [onThread, inMemory]) await database.db.execute(insert);
    const [threaded, local] = await Promise.all([rowsOf(onThread.db, select), rowsOf(inMemory.db, select)]);
    expect(threaded).toEqual(local);
    expect(threaded[0]).toMatchObject({
      code: '2611-A',
      made: '2026-11-26',
      price: '1512.70',
      tags: ['süt', 'peynir'],
    });
  });

  it('commits a transaction whole and rolls one back whole', async () => {
    const before = await count(onThread);
    await onThread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into goods (id, code) values (10, 'T-10')`);
      await tx.execute(sql`insert into goods (id, code) values (11, 'T-11')`);
    });
    expect(await count(onThread)).toBe(before + 2);

    const refused = onThread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into goods (id, code) values (12, 'T-12')`);
      throw new Error('vazgeçildi');
    });
    await expect(refused).rejects.toThrow('vazgeçildi');
    expect(await count(onThread)).toBe(before + 2);
  });

  it('keeps a savepoint inside a transaction, as drizzle nests them', async () => {
    await onThread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into goods (id, code) values (20, 'S-20')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into goods (id, code) values (21, 'S-21')`);
          throw new Error('iç işlem geri alındı');
        })
        .catch(() => {});
    });
    const codes = await rowsOf<{ code: string }>(
      onThread.db,
      sql`select code from goods where id in (20, 21)`,
    );
    expect(codes).toEqual([{ code: 'S-20' }]);
  });

  it('gives the services the error fields they read: the code and the violated index', async () => {
    const duplicate = onThread.db.execute(sql`insert into goods (id, code) values (30, '2611-A')`);
    const error = await duplicate.catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(causeOf(error)).toMatchObject({ code: '23505', constraint: 'goods_code_key', table: 'goods' });
    expect(isTransactionConflict(error)).toBe(false);
  });

  it('holds a statement from outside until the open transaction ends, as PGlite does on one thread', async () => {
    const before = await count(onThread);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = onThread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into goods (id, code) values (40, 'H-40')`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = count(onThread);
    release();
    await writing;
    expect(await outside).toBe(before + 1);
  });

  it('passes notifications to the channel’s subscribers', async () => {
    const heard: string[] = [];
    const stop = await onThread.subscribe('goods_changed', (event, payload) => {
      if (event === 'notice') heard.push(payload ?? '');
    });
    await onThread.db.execute(sql`select pg_notify('goods_changed', 'parti 2611-A')`);
    const deadline = Date.now() + 2_000;
    while (heard.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await stop();
    expect(heard).toEqual(['parti 2611-A']);
  });

  it('leaves the server’s thread free while a long statement runs', async () => {
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 5);
    const started = performance.now();
    await onThread.db.execute(sql`select count(*) from generate_series(1, 3000000) as a(n) where n % 7 = 3`);
    const took = performance.now() - started;
    clearInterval(ticking);
    // On the calling thread the interval could not fire at all while the statement ran.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  });
});
