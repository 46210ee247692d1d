import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceIn,
  type EventStreamReader,
  liveEventsOf,
  openEventStream,
} from '../../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SYSTEM_ACTOR } from '../../http/auth.ts';
import { createAclRole, updateAclRole } from '../access/role.service.ts';
import { LIVE_EVENTS_CHANNEL } from './announce.ts';

let t: TestApp;
let baseUrl: string;
const open: EventStreamReader[] = [];

async function stream(token: string | undefined, headers?: Record<string, string>) {
  const reader = await openEventStream(baseUrl, token, headers);
  open.push(reader);
  return reader;
}

/** Announces in a transaction of its own that commits, or rolls back when `rollBack`. */

const isResync = (m: { event?: string }) => m.event === 'resync';
const hasEvent = (id: number) => (m: { data?: string; event?: string }) =>
  m.event === undefined && m.data !== undefined && (JSON.parse(m.data) as { id: number }).id === id;

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_MS: '300' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const reader of open) reader.close();
  await t?.close();
});

describe('GET /api/events', () => {
  it('answers 401 in the envelope without a token or with a bad one', async () => {
    for (const headers of [{}, { 'auth-token': 'not-a-session' }] as Record<string, string>[]) {
      const response = await fetch(`${baseUrl}/api/events`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    expect((await t.call(undefined, { method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });

  it('opens raw and uncompressed with retry, then resync, then pings', async () => {
    const reader = await stream(await t.adminToken(), { 'accept-encoding': 'br, gzip' });
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('cache-control')).toBe('no-store');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.headers.get('content-encoding')).toBeNull();
    await reader.next((m) => m.comment === 'ping');
    expect(reader.messages[0]).toEqual({ retry: 3000 });
    expect(reader.messages[1]).toEqual({ event: 'resync', data: '{}' });
  });

  it('delivers a committed event, never a rolled-back one, and ignores what is no event', async () => {
    const reader = await stream(await t.adminToken());
    await reader.next(isResync);
    await announceIn(
      t.database,
      { topic: 'orders', type: 'order.changed', id: 901, status: 'IN_REVIEW' },
      true,
    );
    await t.db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, 'not json')`);
    await t.db.execute(
      sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, '{"topic":"weather","type":"x","id":1}')`,
    );
    await announceIn(t.database, {
      topic: 'orders',
      type: 'order.changed',
      id: 902,
      status: 'IN_REVIEW',
      by: 1,
    });
    const arrived = await reader.next(hasEvent(902));
    expect(JSON.parse(arrived.data!)).toEqual({
      topic: 'orders',
      type: 'order.changed',
      id: 902,
      status: 'IN_REVIEW',
      by: 1,
    });
    // Notifications arrive in commit order: anything of the earlier ones would be here by now.
    expect(liveEventsOf(reader.messages).map((event) => event.id)).toEqual([902]);
  });

  it("sends only the topics the user's privileges read", async () => {
    const warehouse = await stream(await t.tokenWithRoles(['WAREHOUSE_STAFF']));
    const finance = await stream(await t.tokenWithRoles(['FINANCE_ADMIN']));
    await Promise.all([warehouse.next(isResync), finance.next(isResync)]);
    await announceIn(t.database, { topic: 'accounting', type: 'payment.changed', id: 911, orderId: 5 });
    await announceIn(t.database, { topic: 'stock', type: 'stock.changed', id: 912 });
    await announceIn(t.database, { topic: 'orders', type: 'order.changed', id: 913 });
    await warehouse.next(hasEvent(913));
    await finance.next(hasEvent(913));
    expect(liveEventsOf(warehouse.messages).map((event) => event.id)).toEqual([912, 913]);
    expect(liveEventsOf(finance.messages).map((event) => event.id)).toEqual([911, 913]);
  });

  it("refilters a stream when the user's role changes", async () => {
    const role = await t.db.transaction((tx) =>
      createAclRole(tx, SYSTEM_ACTOR, {
        key: 'CANLI_DEPO',
        label: 'Canlı Depo',
        privileges: ['GOODS_IN_OUT'],
      }),
    );
    const reader = await stream(await t.tokenWithRoles(['CANLI_DEPO']));
    await reader.next(isResync);
    await announceIn(t.database, { topic: 'accounting', type: 'payment.changed', id: 921 });
    await announceIn(t.database, { topic: 'stock', type: 'stock.changed', id: 922 });
    await reader.next(hasEvent(922));

    await t.db.transaction((tx) =>
      updateAclRole(tx, SYSTEM_ACTOR, {
        id: role.id,
        key: 'CANLI_DEPO',
        label: 'Canlı Depo',
        privileges: ['GOODS_IN_OUT', 'ACCOUNTING'],
      }),
    );
    // The stream is told to refetch: it may now read more than before.
    await reader.next((m) => isResync(m) && reader.messages.indexOf(m) > 1);
    await announceIn(t.database, { topic: 'accounting', type: 'payment.changed', id: 923 });
    await reader.next(hasEvent(923));
    expect(liveEventsOf(reader.messages).map((event) => event.id)).toEqual([922, 923]);
  });

  it("ends the session's streams on sign-out", async () => {
    const token = await t.tokenWithRoles(['ORDER_MANAGER']);
    const reader = await stream(token);
    await reader.next(isResync);
    const signedOut = await t.call(token, { method: 'POST', url: '/api/user-access/sign-out' });
    expect(signedOut.statusCode).toBe(200);
    await expect(Promise.race([reader.ended.then(() => 'ended'), sleep(2_000)])).resolves.toBe('ended');
    const again = await fetch(`${baseUrl}/api/events`, { headers: { 'auth-token': token } });
    expect(again.status).toBe(401);
  });

  it('keeps at most four streams per session: a fifth closes the oldest', async () => {
    const token = await t.tokenWithRoles(['ORDER_MANAGER']);
    const readers: EventStreamReader[] = [];
    for (let n = 0; n < 5; n += 1) {
      const reader = await stream(token);
      await reader.next(isResync);
      readers.push(reader);
    }
    await expect(Promise.race([readers[0]!.ended.then(() => 'ended'), sleep(2_000)])).resolves.toBe('ended');
    await announceIn(t.database, { topic: 'orders', type: 'order.changed', id: 931 });
    for (const reader of readers.slice(1)) await reader.next(hasEvent(931));
  });
});

describe('closing the server', () => {
  it('ends every open stream so the server stops promptly', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`;
    const reader = await openEventStream(url, await other.adminToken());
    await reader.next(isResync);
    const started = Date.now();
    // The app alone: closing the test database after it takes its own time on PostgreSQL.
    await other.app.close();
    await reader.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
    await other.close();
  });
});

function sleep(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));
}
