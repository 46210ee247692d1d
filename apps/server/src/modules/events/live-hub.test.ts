import { LIVE_TOPICS } from '@mandira/contract/live-events';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../http/auth.ts';
import { LiveHub, type LiveHubOptions, type StreamSink, topicsOf, WIRE } from './live-hub.ts';

type FakeSink = StreamSink & { text: string; closed: 'no' | 'ended' | 'cut'; slow: boolean; pending: number };

function sink(): FakeSink {
  const fake: FakeSink = {
    text: '',
    closed: 'no',
    slow: false,
    pending: 0,
    write(chunk) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      if (fake.slow) {
        fake.pending += text.length;
        return false;
      }
      fake.text += text;
      return true;
    },
    pendingBytes: () => fake.pending,
    close(abrupt) {
      fake.closed = abrupt ? 'cut' : 'ended';
    },
  };
  return fake;
}

function actor(privileges: PrivilegeKey[], isSuperAdmin = false): Actor {
  return { userId: 7, userName: 'test', roles: [], privileges: new Set(privileges), isSuperAdmin };
}

const hubs: LiveHub[] = [];
function hub(options: Partial<LiveHubOptions> = {}): LiveHub {
  const made = new LiveHub({ recheck: async () => undefined, heartbeatMs: 60_000, ...options });
  hubs.push(made);
  return made;
}
afterEach(() => {
  for (const made of hubs.splice(0)) made.closeAll();
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

  it('reads payloads through the LiveEvent schema and ignores the rest', () => {
    const h = hub();
    const s = sink();
    h.open('a', actor([], true), s);
    h.hearEvents('notice', 'not json');
    h.hearEvents('notice', JSON.stringify({ topic: 'weather', type: 'x', id: 1 }));
    h.hearEvents('notice', JSON.stringify({ ...order, secret: 'never sent' }));
    expect(s.text).toBe(opening + WIRE.event(order));
  });

  it('drops a slow client once its unread text passes the bound, and keeps the others', () => {
    const h = hub({ maxPendingBytes: 1000 });
    const slow = sink();
    const quick = sink();
    h.open('a', actor([], true), slow);
    h.open('b', actor([], true), quick);
    slow.slow = true;
    for (let n = 0; n < 20 && slow.closed === 'no'; n += 1) h.publish({ ...order, id: n });
    expect(slow.closed).toBe('cut');
    expect(slow.pending).toBeGreaterThan(1000);
    expect(slow.pending).toBeLessThan(1000 + 200);
    expect(h.size).toBe(1);
    h.publish(order);
    expect(quick.closed).toBe('no');
    expect(quick.text.endsWith(WIRE.event(order))).toBe(true);
  });

  it('keeps a client that is briefly behind under the bound', () => {
    const h = hub({ maxPendingBytes: 10_000 });
    const s = sink();
    h.open('a', actor([], true), s);
    s.slow = true;
    h.publish(order);
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
    const now = new Map<string, Actor | undefined>([
      ['ended', undefined],
      ['same', actor(['ORDER_REVIEW'])],
      ['grown', actor(['GOODS_IN_OUT', 'ACCOUNTING'])],
    ]);
    const asked: string[] = [];
    const h = hub({
      recheck: async (session) => {
        asked.push(session);
        return now.get(session);
      },
    });
    const [ended, ended2, same, grown] = [sink(), sink(), sink(), sink()];
    h.open('ended', actor(['ORDER_REVIEW']), ended);
    h.open('ended', actor(['ORDER_REVIEW']), ended2);
    h.open('same', actor(['ORDER_REVIEW']), same);
    h.open('grown', actor(['GOODS_IN_OUT']), grown);
    h.publish(payment);
    expect(grown.text).toBe(opening);

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
