import type { LiveEvent } from '@mandira/contract/live-events';
import type { EventStream, LinkState, StreamHandlers } from './event-stream.ts';

/** The lock whose holder reads the stream for every tab of the browser, and the channel it speaks on. */
export const LEADER_LOCK = 'mandira-portal.live-stream';
export const LIVE_CHANNEL = 'mandira-portal.live';

/** What the leading tab tells the others; `hello` is a new tab asking for the link's state. */
export type LiveWire =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'resync'; since: number }
  | { kind: 'state'; state: LinkState }
  | { kind: 'hello' };

/** The part of the Web Locks API used here, so tests can hand in their own. */
export type LockManagerLike = {
  request: (
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ) => Promise<unknown>;
};

export type ChannelLike = {
  postMessage: (message: LiveWire) => void;
  onmessage: ((event: MessageEvent<LiveWire>) => void) | null;
  close: () => void;
};

export type LiveLinkOptions = {
  /** Opens the stream that the leading tab reads. */
  createStream: (handlers: StreamHandlers) => EventStream;
  locks?: LockManagerLike | undefined;
  openChannel?: ((name: string) => ChannelLike) | undefined;
};

export type LiveLink = {
  /** The token changed: the leading tab connects again with the new one, or closes without one. */
  sessionChanged: () => void;
  stop: () => void;
  /** Whether this tab reads the stream (for tests and the docs' claim). */
  isLeader: () => boolean;
};

function browserLocks(): LockManagerLike | undefined {
  return (globalThis.navigator as Navigator | undefined)?.locks as LockManagerLike | undefined;
}

function browserChannel(): ((name: string) => ChannelLike) | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  return (name) => new BroadcastChannel(name) as unknown as ChannelLike;
}

/**
 * One stream per browser: the tabs elect a leader with a Web Lock held while the tab lives; it reads
 * the stream and tells the others on a BroadcastChannel. When it closes, the lock passes to a waiting
 * tab, whose new connection is a resync for all. Without Web Locks or BroadcastChannel each tab reads
 * its own stream (docs/decisions/0129-one-live-stream-per-browser-invalidation-by-topic.md).
 */
export function startLiveLink(handlers: StreamHandlers, options: LiveLinkOptions): LiveLink {
  const locks = 'locks' in options ? options.locks : browserLocks();
  const openChannel = 'openChannel' in options ? options.openChannel : browserChannel();

  if (!locks || !openChannel) {
    const stream = options.createStream(handlers);
    stream.start();
    return { sessionChanged: stream.restart, stop: stream.stop, isLeader: () => true };
  }

  const channel = openChannel(LIVE_CHANNEL);
  const waiting = new AbortController();
  let stream: EventStream | null = null;
  let state: LinkState = 'connecting';
  let release: (() => void) | null = null;
  let stopped = false;

  channel.onmessage = ({ data }) => {
    if (data.kind === 'hello') {
      if (stream) channel.postMessage({ kind: 'state', state });
    } else if (stream) {
      // A tab that lost the lead late may still speak: the leader trusts only its own stream.
    } else if (data.kind === 'event') handlers.onEvent(data.event);
    else if (data.kind === 'resync') handlers.onResync(data.since);
    else handlers.onState(data.state);
  };
  channel.postMessage({ kind: 'hello' });

  locks
    .request(LEADER_LOCK, { signal: waiting.signal }, async () => {
      if (stopped) return;
      stream = options.createStream({
        onEvent(event) {
          handlers.onEvent(event);
          channel.postMessage({ kind: 'event', event });
        },
        onResync(since) {
          handlers.onResync(since);
          channel.postMessage({ kind: 'resync', since });
        },
        onState(next) {
          state = next;
          handlers.onState(next);
          channel.postMessage({ kind: 'state', state: next });
        },
      });
      stream.start();
      // Held until this tab stops: closing the tab releases it too.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    })
    // Aborted while waiting: the tab stopped before it ever led.
    .catch(() => undefined);

  return {
    sessionChanged() {
      stream?.restart();
    },
    stop() {
      stopped = true;
      waiting.abort();
      const leading = stream;
      stream = null;
      leading?.stop();
      release?.();
      channel.close();
    },
    isLeader: () => stream !== null,
  };
}
