import { LIVE_TOPICS } from '@mandira/contract/live-events';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../http/auth.ts';
import { newLiveEventKey, signedPayload } from './event-signature.ts';
import { LiveHub, type LiveHubOptions, type StreamSink, topicsOf, WIRE } from './live-hub.ts';

/**
 * A client as the hub sees it: `reading` acknowledges at once what it is sent; otherwise the bytes stay
 * unacknowledged (`unread`) until it `reads`.
 */
type FakeSink = StreamSink & {
  text: string;
  closed: 'no' | 'ended' | 'cut';
  reading: boolean;
  unread: number;
  read(): void;
};

function sink(): FakeSink {
  const fake: FakeSink = {
    text: '',
    closed: 'no',
    reading: true,
    unread: 0,
    write(chunk) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      fake.text += text;
      if (!fake.reading) fake.unread += Buffer.byteLength(text);
    },
    unacknowledged: () => fake.unread,
    read() {
      fake.reading = true;
      fake.unread = 0;
    },
    close(abrupt) {
      fake.closed = abrupt ? 'cut' : 'ended';
    },
  };
  return fake;
}

function actor(privileges: PrivilegeKey[], isSuperAdmin = false, userId = 7): Actor {
  return { userId, userName: 'test', roles: [], privileges: new Set(privileges), isSuperAdmin };
}

const key = newLiveEventKey();
const hubs: LiveHub[] = [];
/** A hub whose sessions stand, unless told otherwise, for the actor they opened with, for an hour. */
function hub(options: Partial<LiveHubOptions> = {}): LiveHub {
  const opened = new Map<string, Actor>();
  const made = new LiveHub({
    key,
    recheck: async (session) => ({ actor: opened.get(session)!, expiresAt: Date.now() + 3600_000 }),
    heartbeatMs: 60_000,
    ...options,
  });
  const open = made.open.bind(made);
  made.open = (session, as, to) => {
    opened.set(session, as);
    return open(session, as, to);
  };
  hubs.push(made);
  return made;
}
afterEach(() => {
  for (const made of hubs.splice(0)) made.closeAll();
  vi.useRealTimers();
});

const opening = WIRE.retry + WIRE.resync;
const order = { topic: 'orders', type: 'order.changed', id: 1, status: 'IN_REVIEW' } as const;
const payment = { topic: 'accounting', type: 'payment.changed', id: 2, orderId: 1 } as const;

describe('LiveHub', () => {
  it('writes the events of one batch window to a stream in one write, in order, and only its topics', async () => {
    vi.useFakeTimers();
    try {
      const h = hub({ batchMs: 25 });
      const writes: string[] = [];
      const s = sink();
      const write = s.write.bind(s);
      s.write = (chunk) => {
        writes.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
        return write(chunk);
      };
      h.open('a', actor(['ORDER_REVIEW']), s);
      const second = { ...order, id: 3 };
      h.publish(order);
      h.publish(payment);
      h.publish(second);
      expect(s.text).toBe(opening);
      await vi.advanceTimersByTimeAsync(25);
      expect(writes.slice(1)).toEqual([WIRE.event(order) + WIRE.event(second)]);
      expect(s.text).toBe(opening + WIRE.event(order) + WIRE.event(second));
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens every stream with the reconnect delay and resync', () => {
    const s = sink();
    hub().open('a', actor(['ORDER_REVIEW']), s);
    expect(s.text).toBe('retry: 3000\n\nevent: resync\ndata: {}\n\n');
  });

  it('hands an event only to streams whose privileges read its topic; a super user hears all', () => {
    const h = hub();
    const warehouse = sink();
    const finance = sink();
    const superUser = sink();
    h.open('w', actor(['WAREHOUSE_OPERATIONS', 'GOODS_IN_OUT']), warehouse);
    h.open('f', actor(['ACCOUNTING']), finance);
    h.open('s', actor([], true), superUser);
    h.publish(order);
    h.publish(payment);
    expect(warehouse.text).toBe(opening + WIRE.event(order));
    expect(finance.text).toBe(opening + WIRE.event(order) + WIRE.event(payment));
    expect(superUser.text).toBe(opening + WIRE.event(order) + WIRE.event(payment));
    expect(topicsOf(actor([], true)).size).toBe(LIVE_TOPICS.length);
    expect([...topicsOf(actor(['WAREHOUSE_OPERATIONS']))]).not.toContain('accounting');
  });

  it('hands on only events signed with its key, read through the LiveEvent schema', () => {
    const h = hub();
    const s = sink();
    h.open('a', actor([], true), s);
    const json = JSON.stringify(order);
    h.hearEvents('notice', json);
    h.hearEvents('notice', signedPayload(newLiveEventKey(), json));
    h.hearEvents('notice', signedPayload(key, json).replace('IN_REVIEW', 'CANCELED'));
    h.hearEvents('notice', `${'0'.repeat(64)}.${json}`);
    h.hearEvents('notice', signedPayload(key, 'not json'));
    h.hearEvents('notice', signedPayload(key, JSON.stringify({ topic: 'weather', type: 'x', id: 1 })));
    expect(s.text).toBe(opening);
    h.hearEvents('notice', signedPayload(key, JSON.stringify({ ...order, secret: 'never sent' })));
    expect(s.text).toBe(opening + WIRE.event(order));
  });

  it('hands on nothing before it knows the key', () => {
    const h = hub({ key: undefined });
    const s = sink();
    h.open('a', actor([], true), s);
    h.hearEvents('notice', signedPayload(key, JSON.stringify(order)));
    expect(s.text).toBe(opening);
    h.useKey(key);
    h.hearEvents('notice', signedPayload(key, JSON.stringify(order)));
    expect(s.text).toBe(opening + WIRE.event(order));
  });

  it('a client that stops reading falls behind at the bound, gets nothing more, and is cut after the time bound', async () => {
    vi.useFakeTimers();
    const h = hub({ maxUnackedBytes: 1000, maxBehindMs: 5_000 });
    const slow = sink();
    const quick = sink();
    h.open('a', actor([], true), slow);
    h.open('b', actor([], true, 8), quick);
    slow.reading = false;
    for (let n = 0; n < 50; n += 1) h.publish({ ...order, id: n });
    expect(slow.unread).toBeLessThanOrEqual(1000);
    expect(slow.unread).toBeGreaterThan(1000 - WIRE.event(order).length * 2);
    const heldBack = slow.text;
    await vi.advanceTimersByTimeAsync(4_000);
    expect([slow.closed, slow.text]).toEqual(['no', heldBack]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(slow.closed).toBe('cut');
    expect(slow.text).toBe(heldBack + WIRE.retryAfterCut);
    expect(h.size).toBe(1);
    expect(quick.closed).toBe('no');
    expect(quick.text.endsWith(WIRE.event({ ...order, id: 49 }))).toBe(true);
  });

  it('a client behind that reads again gets one resync and then its events, and is never cut', async () => {
    vi.useFakeTimers();
    const h = hub({ maxUnackedBytes: 1000, maxBehindMs: 5_000 });
    const s = sink();
    h.open('a', actor([], true), s);
    s.reading = false;
    for (let n = 0; n < 50; n += 1) h.publish({ ...order, id: n });
    const heldBack = s.text;
    await vi.advanceTimersByTimeAsync(3_000);
    s.read();
    await vi.advanceTimersByTimeAsync(500);
    expect(s.text).toBe(heldBack + WIRE.resync);
    h.publish({ ...order, id: 99 });
    expect(s.text).toBe(heldBack + WIRE.resync + WIRE.event({ ...order, id: 99 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.closed).toBe('no');
  });

  it('a burst larger than the bound reaches a reading client as one resync, in place of the burst', async () => {
    vi.useFakeTimers();
    const h = hub({ maxUnackedBytes: 1000, batchMs: 25 });
    const s = sink();
    h.open('a', actor([], true), s);
    for (let n = 0; n < 100; n += 1) h.publish({ ...order, id: n });
    await vi.advanceTimersByTimeAsync(25);
    expect(s.text).toBe(opening + WIRE.resync);
    h.publish(order);
    await vi.advanceTimersByTimeAsync(25);
    expect(s.text).toBe(opening + WIRE.resync + WIRE.event(order));
    expect(s.closed).toBe('no');
  });

  it('closes the oldest stream of a session past the limit', () => {
    const h = hub({ maxStreamsPerSession: 2 });
    const [first, second, third, other] = [sink(), sink(), sink(), sink()];
    h.open('a', actor([], true), first);
    h.open('a', actor([], true), second);
    h.open('b', actor([], true), other);
    expect(first.closed).toBe('no');
    h.open('a', actor([], true), third);
    expect([first.closed, second.closed, third.closed, other.closed]).toEqual(['ended', 'no', 'no', 'no']);
    expect(h.size).toBe(3);
  });

  it('closes the oldest stream of a user past the per-user cap, and the oldest of all past the process cap', () => {
    const h = hub({ maxStreamsPerUser: 2, maxStreams: 4 });
    const [first, second, third] = [sink(), sink(), sink()];
    const [other, another] = [sink(), sink()];
    h.open('a', actor([], true, 1), first);
    h.open('b', actor([], true, 1), second);
    h.open('x', actor([], true, 2), other);
    h.open('c', actor([], true, 1), third);
    expect([first.closed, second.closed, third.closed, other.closed]).toEqual(['ended', 'no', 'no', 'no']);
    const [fourth, fifth] = [sink(), sink()];
    h.open('y', actor([], true, 3), fourth);
    expect(h.size).toBe(4);
    h.open('z', actor([], true, 4), fifth);
    expect([second.closed, other.closed, third.closed, fourth.closed, fifth.closed]).toEqual([
      'ended',
      'no',
      'no',
      'no',
      'no',
    ]);
    h.open('w', actor([], true, 5), another);
    expect(other.closed).toBe('ended');
    expect(h.size).toBe(4);
  });

  it('cuts rather than ends a stream closed by a cap whose client has not taken much of what it was sent', () => {
    const h = hub({ maxStreamsPerSession: 1, maxUnackedBytes: 1000 });
    const [stalled, next, last] = [sink(), sink(), sink()];
    h.open('a', actor([], true), stalled);
    stalled.reading = false;
    for (let n = 0; n < 8; n += 1) h.publish({ ...order, id: n });
    expect(stalled.unread).toBeGreaterThan(500);
    h.open('a', actor([], true), next);
    h.open('a', actor([], true), last);
    expect([stalled.closed, next.closed]).toEqual(['cut', 'ended']);
  });

  it('ends the streams of a session when it expires, looking again at its expiry then', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let expiresAt = 1_000_000 + 60_000;
    const asked: number[] = [];
    const h = hub({
      recheck: async () => {
        asked.push(Date.now());
        return Date.now() < expiresAt ? { actor: actor([], true), expiresAt } : undefined;
      },
    });
    const [s, t] = [sink(), sink()];
    h.open('a', actor([], true), s);
    h.open('a', actor([], true), t);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([1_000_000]);
    // Meanwhile the user worked in another tab: the idle expiry moved.
    expiresAt += 30_000;
    await vi.advanceTimersByTimeAsync(60_100);
    expect([s.closed, t.closed]).toEqual(['no', 'no']);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect([s.closed, t.closed]).toEqual(['ended', 'ended']);
    expect(asked).toHaveLength(3);
    expect(h.size).toBe(0);
  });

  it('pings every stream on the heartbeat', async () => {
    const h = hub({ heartbeatMs: 20 });
    const s = sink();
    h.open('a', actor(['ORDER_REVIEW']), s);
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(s.text.startsWith(opening + WIRE.ping)).toBe(true);
  });

  it('asks every stream to refetch when the listener is back after being lost', () => {
    const h = hub();
    const s = sink();
    h.open('a', actor([], true), s);
    h.hearEvents('ready');
    expect(s.text).toBe(opening);
    h.hearEvents('lost');
    h.hearEvents('ready');
    expect(s.text).toBe(opening + WIRE.resync);
  });

  it('on an auth change, closes the streams of ended sessions and refilters changed ones', async () => {
    const opened = new Map<string, Actor>([
      ['ended', actor(['ORDER_REVIEW'])],
      ['same', actor(['ORDER_REVIEW'])],
      ['grown', actor(['GOODS_IN_OUT'])],
    ]);
    const now = new Map<string, Actor | undefined>([
      ['ended', undefined],
      ['same', actor(['ORDER_REVIEW'])],
      ['grown', actor(['GOODS_IN_OUT', 'ACCOUNTING'])],
    ]);
    let changed = false;
    const asked: string[] = [];
    const h = hub({
      recheck: async (session) => {
        asked.push(session);
        const found = (changed ? now : opened).get(session);
        return found && { actor: found, expiresAt: Date.now() + 3600_000 };
      },
    });
    const [ended, ended2, same, grown] = [sink(), sink(), sink(), sink()];
    h.open('ended', opened.get('ended')!, ended);
    h.open('ended', opened.get('ended')!, ended2);
    h.open('same', opened.get('same')!, same);
    h.open('grown', opened.get('grown')!, grown);
    // Each session is looked at once as it opens, for its expiry.
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    asked.length = 0;
    h.publish(payment);
    expect(grown.text).toBe(opening);

    changed = true;
    h.hearAuthChanges('ready');
    await Promise.resolve();
    expect(asked).toEqual([]);
    h.hearAuthChanges('notice');
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(asked.sort()).toEqual(['ended', 'grown', 'same']);
    expect([ended.closed, ended2.closed, same.closed, grown.closed]).toEqual(['ended', 'ended', 'no', 'no']);
    expect(same.text).toBe(opening);
    expect(grown.text).toBe(opening + WIRE.resync);
    h.publish(payment);
    expect(grown.text).toBe(opening + WIRE.resync + WIRE.event(payment));
  });

  it('closes a stream whose session cannot be checked (it reconnects and is checked then)', async () => {
    const h = hub({
      recheck: async () => {
        throw new Error('database down');
      },
    });
    const s = sink();
    h.open('a', actor(['ORDER_REVIEW']), s);
    await h.recheckAll();
    expect(s.closed).toBe('ended');
  });

  it('ends every stream on close and opens none after', () => {
    const h = hub();
    const [a, b] = [sink(), sink()];
    h.open('a', actor([], true), a);
    h.closeAll();
    h.open('b', actor([], true), b);
    expect([a.closed, b.closed]).toEqual(['ended', 'ended']);
    expect(b.text).toBe('');
    expect(h.size).toBe(0);
  });
});
