import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, countRows, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SIGN_IN_BUSY_MESSAGE } from './sign-in-queue.ts';

/**
 * Decision 148: a flood of throttled sign-ins cost a database transaction each, and a flood of
 * passwords from many addresses took every core. Throttled attempts are refused from this process's
 * memory; password checks wait in a bounded line, known devices first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Call = TestApp['call'];
const PASSWORD = 'test-sifre-123';
const WINDOW_MS = 15 * 60_000;
const signIn = (body: object, address: string, call: Call = t.call) =>
  call(undefined, { method: 'POST', url: '/api/user-access/sign-in', payload: body, remoteAddress: address });

async function newUserName(): Promise<string> {
  await t.tokenWithRoles([]);
  const users = (await t.call(await t.adminToken(), { method: 'GET', url: '/api/user-access' })).json.data;
  return users.at(-1).userName as string;
}

/** Counts what the app asks the database from now on: transactions, queries and raw statements. */
function watchDatabase() {
  const asked = { transactions: 0, queries: 0 };
  const db = t.db as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ['transaction', 'select', 'execute', 'insert', 'delete', 'update'] as const) {
    const original = db[method]!.bind(t.db);
    vi.spyOn(db, method).mockImplementation((...args: unknown[]) => {
      if (method === 'transaction') asked.transactions += 1;
      else asked.queries += 1;
      return original(...args);
    });
  }
  return asked;
}

/** Fails the name from the address until the database throttles it. */
async function throttle(userName: string, address: string, call: Call = t.call) {
  for (let i = 0; i < 3; i++) {
    expect((await signIn({ userName, password: 'yanlis' }, address, call)).statusCode).toBe(401);
  }
  const refused = await signIn({ userName, password: PASSWORD }, address, call);
  expect(refused.statusCode).toBe(429);
  return refused;
}

describe('throttled sign-ins', () => {
  it('answers 429 with Retry-After and a Turkish message naming the minutes', async () => {
    const refused = await throttle(await newUserName(), '10.40.0.1');
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(WINDOW_MS / 1000 - 30);
    expect(seconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(refused.json.error).toEqual({
      code: 'THROTTLED',
      message: 'Çok fazla başarısız giriş denemesi yapıldı. Lütfen 15 dakika sonra tekrar deneyin.',
    });
  });

  it('refuses 150 parallel throttled sign-ins without asking the database once', async () => {
    const userName = await newUserName();
    await throttle(userName, '10.40.0.2');
    const asked = watchDatabase();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, n) =>
        signIn({ userName, password: n % 2 ? PASSWORD : 'yanlis' }, '10.40.0.2'),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(150).fill(429));
    expect(answers.every((answer) => Number(answer.headers['retry-after']) > 0)).toBe(true);
    expect(asked).toEqual({ transactions: 0, queries: 0 });
  });

  it('refuses from memory by the name alone, once the database refused the name everywhere', async () => {
    const userName = await newUserName();
    // Four times the limit from four addresses throttles the name everywhere (decision 51).
    for (let a = 0; a < 4; a++) {
      for (let i = 0; i < 3; i++) await signIn({ userName, password: 'yanlis' }, `10.40.1.${a}`);
    }
    expect((await signIn({ userName, password: PASSWORD }, '10.40.1.9')).statusCode).toBe(429);
    const asked = watchDatabase();
    expect((await signIn({ userName, password: PASSWORD }, '10.40.1.10')).statusCode).toBe(429);
    expect(asked).toEqual({ transactions: 0, queries: 0 });
  });

  it('asks the database in a process that has not learnt it, once, then remembers', async () => {
    const userName = await newUserName();
    await throttle(userName, '10.40.2.1');
    const other = await t.sibling();
    const asked = watchDatabase();
    expect((await signIn({ userName, password: PASSWORD }, '10.40.2.1', other.call)).statusCode).toBe(429);
    expect(asked.transactions).toBe(1);
    expect((await signIn({ userName, password: PASSWORD }, '10.40.2.1', other.call)).statusCode).toBe(429);
    expect(asked.transactions).toBe(1);
  });

  it('asks the database again once its failures may have left the window: the database decides', async () => {
    const userName = await newUserName();
    await throttle(userName, '10.40.3.1');
    const later = Date.now() + WINDOW_MS + 1_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const asked = watchDatabase();
    const answer = await signIn({ userName, password: PASSWORD }, '10.40.3.1');
    expect(answer.statusCode).toBe(200);
    expect(asked.transactions).toBeGreaterThan(0);
  });

  it('leaves a known device out of the memory of a throttled name and address', async () => {
    const userName = await newUserName();
    const first = await signIn({ userName, password: PASSWORD }, '10.40.4.1');
    const deviceToken = first.json.data.deviceToken as string;
    await throttle(userName, '10.40.4.2');
    const answer = await signIn({ userName, password: PASSWORD, deviceToken }, '10.40.4.2');
    expect(answer.statusCode).toBe(200);
  });
});

describe('a flood of password checks', () => {
  let flooded: TestApp;
  beforeAll(async () => {
    flooded = await createTestApp({ SIGN_IN_CHECKS: '1', SIGN_IN_QUEUE_WAIT_MS: '300' });
  });
  afterAll(() => flooded.close());

  it('answers 503 with Retry-After beyond the wait, never 500, and lets a known device in first', async () => {
    const first = await signIn(ADMIN, '10.41.0.1', flooded.call);
    expect(first.statusCode).toBe(200);
    const deviceToken = first.json.data.deviceToken as string;

    // Unknown names from 60 addresses: each costs a full password check, none is throttled.
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        signIn({ userName: `yok${n}`, password: 'tahmin' }, `10.41.1.${n}`, flooded.call),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const startedAt = performance.now();
    const known = await signIn({ ...ADMIN, deviceToken }, '10.41.2.1', flooded.call);
    const knownMs = performance.now() - startedAt;
    const answers = await flood;

    expect(known.statusCode).toBe(200);
    expect(knownMs).toBeLessThan(1_000);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json.error).toEqual({ code: 'UNAVAILABLE', message: SIGN_IN_BUSY_MESSAGE });
    }
  });

  it('books nothing for a sign-in refused by the line: its password was never checked', async () => {
    const userName = 'kalabalik';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        signIn({ userName, password: 'tahmin' }, `10.42.0.${n}`, flooded.call),
      ),
    );
    const booked = await countRows(flooded, "sign_in_failures where user_name = 'kalabalik'");
    // How many the line turns away depends on how fast the machine checks passwords (the test above
    // shows that it does); whatever it turned away was never booked as a failure.
    expect(booked).toBe(answers.filter((answer) => answer.statusCode === 401).length);
    expect(answers.every((answer) => [401, 429, 503].includes(answer.statusCode))).toBe(true);
  });
});
