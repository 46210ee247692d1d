import { createHash } from 'node:crypto';
import net from 'node:net';
import type { LiveEvent } from '@mandira/contract/live-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceIn,
  type EventStreamReader,
  liveEventsOf,
  openEventStream,
} from '../../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { announcementOf, LIVE_EVENTS_CHANNEL } from './announce.ts';
import { newLiveEventKey, signedPayload } from './event-signature.ts';

/**
 * The bounds of the live streams (docs/decisions/0147-live-streams-bounded-by-the-socket.md), over real
 * sockets against a real database: a client that stops reading is cut, one that reads gets a burst as
 * one `resync`, caps close the oldest stream, a session's expiry ends its streams, and a notification
 * not signed with the server's key reaches no one.
 */

const STATUS = 'X'.repeat(40);
const event = (id: number): LiveEvent => ({ topic: 'orders', type: 'order.changed', id, status: STATUS });
const EVENT_BYTES = `data: ${JSON.stringify(event(1_000_000))}\n\n`.length;
const isResync = (m: { event?: string }) => m.event === 'resync';

/** Announces `count` events from `firstId` on, in one transaction. */
async function announceMany(t: TestApp, firstId: number, count: number): Promise<void> {
  const events = Array.from({ length: count }, (_, n) => event(firstId + n));
  await t.db.transaction(async (tx) => {
    await tx.execute(announcementOf(events));
  });
}

function baseUrlOf(t: TestApp): string {
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

/**
 * A client on a plain socket that reads the stream's opening and then stops reading, and the server's
 * end of its socket, which shows what the server wrote and when it let go.
 */
async function stalledClient(t: TestApp, token: string) {
  const port = (t.app.server.address() as { port: number }).port;
  const accepted = new Promise<net.Socket>((resolve) => {
    const onConnection = (socket: net.Socket) => {
      if (socket.remotePort !== client.localPort) return;
      t.app.server.off('connection', onConnection);
      resolve(socket);
    };
    t.app.server.on('connection', onConnection);
  });
  const client = net.connect(port, '127.0.0.1');
  client.on('error', () => {});
  await new Promise<void>((resolve) => client.once('connect', resolve));
  client.write(
    `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nauth-token: ${token}\r\naccept: text/event-stream\r\n\r\n`,
  );
  let text = '';
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('event: resync')) return;
      client.off('data', onData);
      client.pause();
      resolve();
    };
    client.on('data', onData);
  });
  const server = await accepted;
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  return { client, server, closed, opening: text };
}

describe('a stream whose client stops reading, and bursts', () => {
  let t: TestApp;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LIVE_MAX_UNACKED_BYTES: '32768', LIVE_MAX_BEHIND_MS: '500' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t?.close();
  });

  async function reading(): Promise<EventStreamReader> {
    const reader = await openEventStream(baseUrlOf(t), await t.adminToken());
    open.push(reader);
    await reader.next(isResync);
    return reader;
  }

  it('cuts a client that stopped reading once the kernel holds its bound unacknowledged, and keeps the reader', async () => {
    const reader = await reading();
    const stalled = await stalledClient(t, await t.adminToken());
    expect(stalled.opening).toContain('retry: 3000');
    let cut = false;
    void stalled.closed.then(() => {
      cut = true;
    });
    // 20 events a transaction, as a busy office writes: far more than the client and its kernel take.
    let nextId = 1_000_000;
    const started = Date.now();
    while (!cut && nextId < 1_000_000 + 40_000) {
      await announceMany(t, nextId, 20);
      nextId += 20;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await stalled.closed;
    const announcedBytes = (nextId - 1_000_000) * EVENT_BYTES;
    // Without the kernel's figure, its send buffer alone would take ~4 MB before anything waited in Node.
    expect(stalled.server.bytesWritten).toBeLessThan(1024 * 1024);
    expect(announcedBytes).toBeLessThan(2 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(15_000);
    stalled.client.destroy();

    // The client that reads took every event and stays open.
    await reader.next((m) => m.data?.includes(`"id":${nextId - 1},`) ?? false, 5_000);
    expect(reader.messages.filter(isResync)).toHaveLength(1);
    await announceIn(t.database, event(5));
    await reader.next((m) => m.data?.includes('"id":5,') ?? false);
  });

  it('replaces a burst larger than the bound with one resync for a client that reads, and never cuts it', async () => {
    const reader = await reading();
    // 300 events of one transaction are ~40 kB, past the bound of 32 kB.
    await announceMany(t, 2_000_000, 300);
    await reader.next((m) => isResync(m) && reader.messages.filter(isResync).length === 2);
    await announceIn(t.database, event(7));
    await reader.next((m) => m.data?.includes('"id":7,') ?? false);
    const ids = liveEventsOf(reader.messages).map((e) => e.id as number);
    expect(ids).toEqual([7]);
    expect(reader.messages.filter(isResync)).toHaveLength(2);
    let ended = false;
    void reader.ended.then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ended).toBe(false);
  });

  it('hands on no notification that is not signed with the key of the server', async () => {
    const reader = await reading();
    const json = JSON.stringify(event(424_242));
    const forgeries = [json, `${'0'.repeat(64)}.${json}`, signedPayload(newLiveEventKey(), json)];
    for (const payload of forgeries)
      await t.db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
    await announceIn(t.database, event(424_243));
    // Notifications arrive in the order they committed: the forgeries came first, and nothing of them.
    await reader.next((m) => m.data?.includes('"id":424243,') ?? false);
    expect(liveEventsOf(reader.messages).map((e) => e.id)).toEqual([424_243]);
  });
});

describe('caps on open streams', () => {
  let t: TestApp;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LIVE_MAX_STREAMS_PER_USER: '2', LIVE_MAX_STREAMS: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t?.close();
  });

  async function stream(token: string) {
    const reader = await openEventStream(baseUrlOf(t), token);
    open.push(reader);
    await reader.next(isResync);
    const state = { reader, ended: false };
    void reader.ended.then(() => {
      state.ended = true;
    });
    return state;
  }

  it('closes the oldest stream of a user past its cap, then the oldest of the process past its cap', async () => {
    const admin = () => t.signIn('admin', 'admin-sifre-123');
    const first = await stream(await admin());
    const second = await stream(await admin());
    const third = await stream(await admin());
    await first.reader.ended;
    expect([first.ended, second.ended, third.ended]).toEqual([true, false, false]);

    const other = await t.tokenWithRoles(['SUPER_ADMIN']);
    const fourth = await stream(other);
    expect([second.ended, third.ended, fourth.ended]).toEqual([false, false, false]);
    const fifth = await stream(other);
    await second.reader.ended;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([second.ended, third.ended, fourth.ended, fifth.ended]).toEqual([true, false, false, false]);
  });
});

describe('a stream and its session', () => {
  let t: TestApp;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t?.close();
  });

  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
  async function expiresAtOf(token: string): Promise<number> {
    const result = await t.db.execute(
      sql`select extract(epoch from expires_at) * 1000 as at from sessions where token_hash = ${hashOf(token)}`,
    );
    return Number((result as unknown as { rows: { at: string }[] }).rows[0]!.at);
  }

  async function endsWithin(token: string, fromMs: number, toMs: number): Promise<void> {
    const opened = Date.now();
    const reader = await openEventStream(baseUrlOf(t), token);
    open.push(reader);
    await reader.next(isResync);
    await reader.ended;
    const after = Date.now() - opened;
    expect(after).toBeGreaterThanOrEqual(fromMs);
    expect(after).toBeLessThan(toMs);
  }

  it('ends at the idle expiry, which the stream does not push forward (a request of the user does)', async () => {
    const token = await t.signIn('admin', 'admin-sifre-123');
    await t.db.execute(
      sql`update sessions set expires_at = now() + interval '2 seconds' where token_hash = ${hashOf(token)}`,
    );
    const idleEnd = await expiresAtOf(token);
    await endsWithin(token, 1_000, 5_000);
    expect(await expiresAtOf(token)).toBe(idleEnd);
    const refused = await t.call(token, { method: 'GET', url: '/api/user-access/me' });
    expect(refused.statusCode).toBe(401);

    // The same set-up, and a request of the user slides it: the check above could have failed.
    const other = await t.signIn('admin', 'admin-sifre-123');
    await t.db.execute(
      sql`update sessions set expires_at = now() + interval '2 seconds' where token_hash = ${hashOf(other)}`,
    );
    const before = await expiresAtOf(other);
    expect((await t.call(other, { method: 'GET', url: '/api/user-access/me' })).statusCode).toBe(200);
    expect(await expiresAtOf(other)).toBeGreaterThan(before + 3_600_000);
  });

  it('ends at the absolute end of the session, however busy the user is', async () => {
    const token = await t.signIn('admin', 'admin-sifre-123');
    // Signed in almost SESSION_MAX_DAYS (7) ago: two seconds are left.
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '7 days' + interval '2 seconds'
           where token_hash = ${hashOf(token)}`,
    );
    const busy = setInterval(() => {
      void t.call(token, { method: 'GET', url: '/api/user-access/me' });
    }, 200);
    try {
      await endsWithin(token, 1_000, 5_000);
    } finally {
      clearInterval(busy);
    }
  });
});
