import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SessionCache } from './session-cache.ts';

const actor = { userId: 7, userName: 'ayse', roles: [], privileges: new Set<never>(), isSuperAdmin: false };
const session = (expiresAt = 1_000_000) => ({ sessionId: 1, actor, expiresAt, endsAt: expiresAt });

describe('SessionCache', () => {
  it('keeps nothing until it hears that it listens', () => {
    const cache = new SessionCache(10_000);
    cache.put('h', session(), cache.mark(), 0);
    expect(cache.get('h', 1)).toBeUndefined();
    cache.hear('ready');
    cache.put('h', session(), cache.mark(), 0);
    expect(cache.get('h', 1)?.actor).toBe(actor);
  });

  it('believes a session for its trust window and never past its expiry', () => {
    const cache = new SessionCache(10_000);
    cache.hear('ready');
    cache.put('h', session(50_000), cache.mark(), 0);
    expect(cache.get('h', 10_000)).toBeDefined();
    expect(cache.get('h', 10_001)).toBeUndefined();
    cache.put('h', session(5_000), cache.mark(), 0);
    expect(cache.get('h', 4_999)).toBeDefined();
    expect(cache.get('h', 5_000)).toBeUndefined();
  });

  it('drops everything on a notice, and does not store an answer read before it', () => {
    const cache = new SessionCache(10_000);
    cache.hear('ready');
    cache.put('a', session(), cache.mark(), 0);
    const before = cache.mark();
    cache.hear('notice');
    expect(cache.get('a', 1)).toBeUndefined();
    cache.put('b', session(), before, 1);
    expect(cache.get('b', 2)).toBeUndefined();
  });

  it('stops caching while notices may be missed, and starts afresh when listening again', () => {
    const cache = new SessionCache(10_000);
    cache.hear('ready');
    cache.put('a', session(), cache.mark(), 0);
    cache.hear('lost');
    expect(cache.get('a', 1)).toBeUndefined();
    cache.put('a', session(), cache.mark(), 1);
    expect(cache.get('a', 2)).toBeUndefined();
    cache.hear('ready');
    cache.put('a', session(), cache.mark(), 3);
    expect(cache.get('a', 4)).toBeDefined();
  });
});

describe('a checked session on every server process', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const users = (token: string, on: Pick<TestApp, 'call'> = t) =>
    on.call(token, { method: 'GET', url: '/api/user-access' });
  const me = async (token: string) => {
    const profile = (await t.call(token, { method: 'GET', url: '/api/user-access/me' })).json.data;
    return (await users(admin)).json.data.find((user: { id: number }) => user.id === profile.id);
  };
  /** The other process hears by notification, a moment after the commit; a few seconds is plenty. */
  const eventually = async (check: () => Promise<number>, status: number) => {
    const until = Date.now() + 3_000;
    let last = await check();
    while (last !== status && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = await check();
    }
    return last;
  };

  it('takes a role away on the next request, on this process and on another', async () => {
    const token = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const other = await t.sibling();
    expect((await users(token)).statusCode).toBe(200);
    expect((await users(token, other)).statusCode).toBe(200);
    const user = await me(token);
    const put = await t.call(admin, {
      method: 'PUT',
      url: '/api/user-access',
      payload: { ...user, roles: ['SECRETARY'] },
    });
    expect(put.statusCode).toBe(200);
    expect((await users(token)).statusCode).toBe(403);
    expect(await eventually(async () => (await users(token, other)).statusCode, 403)).toBe(403);
  });

  it('refuses a signed-out token on this process at once and on another within moments', async () => {
    const token = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const other = await t.sibling();
    expect((await users(token)).statusCode).toBe(200);
    expect((await users(token, other)).statusCode).toBe(200);
    const started = Date.now();
    expect((await t.call(token, { method: 'POST', url: '/api/user-access/sign-out' })).statusCode).toBe(200);
    expect((await users(token)).statusCode).toBe(401);
    expect(await eventually(async () => (await users(token, other)).statusCode, 401)).toBe(401);
    // Heard, not waited out: the cache would otherwise believe the session for 10 seconds.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a used token whose user was made passive', async () => {
    const token = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const other = await t.sibling();
    expect((await users(token, other)).statusCode).toBe(200);
    const user = await me(token);
    const put = await t.call(admin, {
      method: 'PUT',
      url: '/api/user-access',
      payload: { ...user, status: 'PASSIVE' },
    });
    expect(put.statusCode).toBe(200);
    expect((await users(token)).statusCode).toBe(401);
    expect(await eventually(async () => (await users(token, other)).statusCode, 401)).toBe(401);
  });
});
