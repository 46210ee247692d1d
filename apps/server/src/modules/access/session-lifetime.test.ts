import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';

/** Issue 22 item 9: a session slides while used, but ends SESSION_MAX_DAYS after its sign-in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_MAX_DAYS: '2', TOKEN_TTL_HOURS: '12' });
});
afterAll(() => t.close());

const menus = (token: string) => t.call(token, { method: 'GET', url: '/api/user-access/menus' });

/**
 * Moves the sign-in of every session that many minutes back, as if it had been used all along: its
 * sliding expiry is half an hour ahead.
 */
async function signedInMinutesAgo(minutes: number): Promise<void> {
  await t.db.execute(
    sql`update sessions set created_at = now() - make_interval(mins => ${minutes}),
                            expires_at = now() + interval '30 minutes'`,
  );
}

describe('the absolute lifetime of a session', () => {
  it('keeps a busy session open before its absolute end, sliding no further than that end', async () => {
    const token = await t.signIn(ADMIN.userName, ADMIN.password);
    await signedInMinutesAgo(47 * 60);
    // A fresh server process: nothing cached, so the database decides.
    const sibling = await t.sibling();
    expect((await sibling.call(token, { method: 'GET', url: '/api/user-access/menus' })).statusCode).toBe(
      200,
    );
    const [row] = await rowsOf<{ left: number }>(
      t.db,
      sql`select extract(epoch from (created_at + interval '2 days') - expires_at)::float8 as left
            from sessions order by id desc limit 1`,
    );
    // The expiry slid to the end of the sign-in's two days, not 12 hours on.
    expect(row!.left).toBeGreaterThanOrEqual(0);
    expect(row!.left).toBeLessThan(60);
  });

  it('ends a session SESSION_MAX_DAYS after its sign-in, however recently it was used', async () => {
    const token = await t.signIn(ADMIN.userName, ADMIN.password);
    expect((await menus(token)).statusCode).toBe(200);
    await signedInMinutesAgo(48 * 60 + 5);
    const sibling = await t.sibling();
    const answer = await sibling.call(token, { method: 'GET', url: '/api/user-access/menus' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json.error.code).toBe('UNAUTHENTICATED');
  });

  it('gives a new sign-in no longer than the absolute lifetime when that is shorter than the sliding one', async () => {
    const short = await createTestApp({ SESSION_MAX_DAYS: '0.25', TOKEN_TTL_HOURS: '12' });
    try {
      await short.signIn(ADMIN.userName, ADMIN.password);
      const [row] = await rowsOf<{ hours: number }>(
        short.db,
        sql`select extract(epoch from expires_at - created_at)::float8 / 3600 as hours
              from sessions order by id desc limit 1`,
      );
      expect(row!.hours).toBeCloseTo(6, 1);
    } finally {
      await short.close();
    }
  });
});
