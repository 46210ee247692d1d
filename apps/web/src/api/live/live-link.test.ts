import type { LiveEvent } from '@mandira/contract/live-events';
import { describe, expect, it, vi } from 'vitest';
import type { EventStream, LinkState, StreamHandlers } from './event-stream.ts';
import { type ChannelLike, type LiveWire, type LockManagerLike, startLiveLink } from './live-link.ts';

/** The browser's locks for one name: granted in the order asked, released when the holder's promise ends. */
function fakeLocks(): LockManagerLike {
  let held = false;
  const queue: { callback: () => Promise<void>; signal?: AbortSignal; done: (value: unknown) => void }[] = [];
  function next() {
    if (held) return;
    const waiter = queue.shift();
    if (!waiter) return;
    held = true;
    void waiter.callback().then((value) => {
      held = false;
      waiter.done(value);
      next();
    });
  }
  return {
    request(_name, options, callback) {
      return new Promise((resolve, reject) => {
        const waiter = { callback, signal: options.signal, done: resolve };
        options.signal?.addEventListener('abort', () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) {
            queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        queue.push(waiter);
        next();
      });
    },
  };
}

/** A BroadcastChannel between tabs: a message reaches every other channel of the name, never its sender. */
function fakeChannels() {
  const open = new Set<ChannelLike>();
  return (_name: string): ChannelLike => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message: LiveWire) {
        for (const other of open) {
          if (other !== channel)
            other.onmessage?.({ data: structuredClone(message) } as MessageEvent<LiveWire>);
        }
      },
      close: () => open.delete(channel),
    };
    open.add(channel);
    return channel;
  };
}

/** A tab: what its screens heard, and the streams it opened. */
function tab(locks: LockManagerLike, openChannel: (name: string) => ChannelLike) {
  const heard = { events: [] as LiveEvent[], resyncs: [] as number[], states: [] as LinkState[] };
  const streams: (EventStream & { handlers: StreamHandlers })[] = [];
  const link = startLiveLink(
    {
      onEvent: (event) => heard.events.push(event),
      onResync: (since) => heard.resyncs.push(since),
      onState: (state) => heard.states.push(state),
    },
    {
      locks,
      openChannel,
      createStream(handlers) {
        const stream = { handlers, start: vi.fn(), restart: vi.fn(), stop: vi.fn() };
        streams.push(stream);
        return stream;
      },
    },
  );
  return { link, heard, streams };
}

/** A browser whose tabs share its locks and channels. */
function browser() {
  const locks = fakeLocks();
  const channels = fakeChannels();
  return () => tab(locks, channels);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const EVENT: LiveEvent = { topic: 'orders', type: 'order.changed', id: 9, status: 'IN_REVIEW', by: 2 };

describe('startLiveLink', () => {
  it('opens one stream for all tabs; the others hear its events, resyncs and state', async () => {
    const openTab = browser();
    const first = openTab();
    const second = openTab();
    await settle();
    expect(first.streams).toHaveLength(1);
    expect(first.streams[0]?.start).toHaveBeenCalledTimes(1);
    expect(second.streams).toHaveLength(0);
    expect([first.link.isLeader(), second.link.isLeader()]).toEqual([true, false]);

    const leading = first.streams[0]!.handlers;
    leading.onState('up');
    leading.onResync(123);
    leading.onEvent(EVENT);
    for (const one of [first, second]) {
      expect(one.heard.events).toEqual([EVENT]);
      expect(one.heard.resyncs).toEqual([123]);
      expect(one.heard.states.at(-1)).toBe('up');
    }
    first.link.stop();
    second.link.stop();
  });

  it('tells a tab opened later the state of the link', async () => {
    const openTab = browser();
    const first = openTab();
    await settle();
    first.streams[0]!.handlers.onState('down');
    const later = openTab();
    expect(later.heard.states).toEqual(['down']);
    first.link.stop();
    later.link.stop();
  });

  it('hands the stream to a waiting tab when the leading one goes, which resyncs everyone', async () => {
    const openTab = browser();
    const first = openTab();
    const second = openTab();
    const third = openTab();
    await settle();
    first.link.stop();
    expect(first.streams[0]?.stop).toHaveBeenCalled();
    await settle();
    expect(second.streams).toHaveLength(1);
    expect(third.streams).toHaveLength(0);
    second.streams[0]!.handlers.onResync(456);
    expect(third.heard.resyncs).toEqual([456]);
    expect(first.heard.resyncs).toEqual([]);
    second.link.sessionChanged();
    expect(second.streams[0]?.restart).toHaveBeenCalledTimes(1);
    second.link.stop();
    third.link.stop();
  });

  it('a tab that stops before it ever led opens nothing', async () => {
    const openTab = browser();
    const first = openTab();
    const second = openTab();
    second.link.stop();
    first.link.stop();
    await settle();
    expect(second.streams).toHaveLength(0);
  });

  it('without Web Locks or BroadcastChannel, each tab reads its own stream', () => {
    for (const missing of [{ locks: undefined }, { openChannel: undefined }]) {
      const streams: EventStream[] = [];
      const link = startLiveLink(
        { onEvent: () => {}, onResync: () => {}, onState: () => {} },
        {
          locks: fakeLocks(),
          openChannel: fakeChannels(),
          ...missing,
          createStream() {
            const stream = { start: vi.fn(), restart: vi.fn(), stop: vi.fn() };
            streams.push(stream);
            return stream;
          },
        },
      );
      expect(streams[0]?.start).toHaveBeenCalledTimes(1);
      link.sessionChanged();
      expect(streams[0]?.restart).toHaveBeenCalledTimes(1);
      link.stop();
      expect(streams[0]?.stop).toHaveBeenCalledTimes(1);
    }
  });
});
