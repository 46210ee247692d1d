import {
  HEARTBEAT_MS,
  LIVE_TOPICS,
  LiveEvent,
  type LiveTopic,
  RECONNECT_MS,
  STREAM_RESYNC,
  topicsReadBy,
} from '@mandira/contract/live-events';
import type { ChannelEvent } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { type LiveEventKey, openedPayload } from './event-signature.ts';

/** The wait told to a client whose stream was cut for not reading. */
export const RECONNECT_AFTER_CUT_MS = 10_000;
/** A user with more tabs than this shares streams badly anyway: a new one closes the oldest. */
export const MAX_STREAMS_PER_SESSION = 4;
/** The bounds of docs/decisions/0147-live-streams-bounded-by-the-socket.md, each configurable. */
export const MAX_STREAMS_PER_USER = 8;
export const MAX_STREAMS = 1_000;
export const MAX_UNACKED_BYTES = 64 * 1024;
export const MAX_BEHIND_MS = 10_000;
/** A timer waits at most this long (Node's limit is ~24.8 days); a longer session is looked at again. */
const LONGEST_WAIT_MS = 24 * 3600_000;
/** A session is looked at a little after its expiry, so that the database agrees it has passed. */
const EXPIRY_MARGIN_MS = 20;

/** The stream's wire format (text/event-stream), which the web's live layer reads. */
export const WIRE = {
  retry: `retry: ${RECONNECT_MS}\n\n`,
  retryAfterCut: `retry: ${RECONNECT_AFTER_CUT_MS}\n\n`,
  resync: `event: ${STREAM_RESYNC}\ndata: {}\n\n`,
  ping: ': ping\n\n',
  event: (event: LiveEvent) => `data: ${JSON.stringify(event)}\n\n`,
} as const;

/** Where a stream's text goes: the HTTP answer's socket (`socket-sink.ts`), or a test's buffer. */
export type StreamSink = {
  write(chunk: string | Uint8Array): void;
  /**
   * Bytes written that the client has not acknowledged, never fewer than it really has: an estimate
   * from the last reading, or with `fresh` a new reading of the socket.
   */
  unacknowledged(fresh: boolean): number;
  /** Ends the answer; `abrupt` for a client that is not reading (its socket is destroyed soon after). */
  close(abrupt: boolean): void;
};

/** A session as it stands: whom it stands for, and when it expires (idle or absolute, the earlier). */
export type SessionState = { actor: Actor; expiresAt: number };

export type LiveHubOptions = {
  /**
   * The key the events are signed with (or later, `useKey`): an unsigned or forged notification
   * reaches no stream, and none reaches any before the key is known.
   */
  key?: LiveEventKey;
  /**
   * A session as it stands now, without sliding its expiry, asked when it expires and whenever roles,
   * users or sessions change; undefined once it has ended (expired, signed out, revoked, passive user).
   */
  recheck: (session: string) => Promise<SessionState | undefined>;
  heartbeatMs?: number;
  /**
   * Events that arrive within this window go to a stream in one write (0: each at once). At a busy
   * moment (a write a few milliseconds apart) every stream otherwise costs a socket write per event,
   * on the server and on each client.
   */
  batchMs?: number;
  maxStreamsPerSession?: number;
  maxStreamsPerUser?: number;
  maxStreams?: number;
  /** A stream is written no event past this many unacknowledged bytes: it falls behind. */
  maxUnackedBytes?: number;
  /** A stream behind this long is cut. */
  maxBehindMs?: number;
};

type Stream = {
  session: string;
  userId: number;
  topics: ReadonlySet<LiveTopic>;
  sink: StreamSink;
  closed: boolean;
  /** When it fell behind: its events are dropped since, and a `resync` is owed once it caught up. */
  behindSince: number | undefined;
};

type SessionStreams = { streams: Stream[]; expiry: NodeJS.Timeout | undefined };

/** The topics a user hears: a super user hears all of them. */
export function topicsOf(actor: Actor): ReadonlySet<LiveTopic> {
  return new Set(actor.isSuperAdmin ? LIVE_TOPICS : topicsReadBy(actor.privileges));
}

function sameTopics(a: ReadonlySet<LiveTopic>, b: ReadonlySet<LiveTopic>): boolean {
  return a.size === b.size && [...a].every((topic) => b.has(topic));
}

/**
 * The open event streams of this process (docs/architecture.md, "Live events"). It hears the live
 * events channel once for the whole process and hands each signed event to the streams whose user may
 * read its topic. Nothing is buffered for a client beyond a bound it has not acknowledged: a stream
 * past it falls behind, its events are dropped, and it gets one `resync` once it has caught up (the
 * client refetches), or is cut if it stays behind (docs/decisions/0147-live-streams-bounded-by-the-socket.md).
 */
export class LiveHub {
  /** In the order they opened: the first is the oldest. */
  private readonly streams = new Set<Stream>();
  private readonly bySession = new Map<string, SessionStreams>();
  private readonly byUser = new Map<number, Stream[]>();
  private readonly behind = new Set<Stream>();
  private readonly heartbeatMs: number;
  private readonly batchMs: number;
  private readonly maxPerSession: number;
  private readonly maxPerUser: number;
  private readonly maxStreams: number;
  private readonly maxUnacked: number;
  private readonly maxBehindMs: number;
  private heartbeat: NodeJS.Timeout | undefined;
  private watching: NodeJS.Timeout | undefined;
  private queued = new Map<Stream, string[]>();
  private flushing: NodeJS.Timeout | undefined;
  private eventsLost = false;
  private authLost = false;
  private rechecking: Promise<void> | undefined;
  private recheckAgain = false;
  private closed = false;
  private key: LiveEventKey | undefined;

  constructor(private readonly options: LiveHubOptions) {
    this.key = options.key;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.batchMs = options.batchMs ?? 0;
    this.maxPerSession = options.maxStreamsPerSession ?? MAX_STREAMS_PER_SESSION;
    this.maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
    this.maxStreams = options.maxStreams ?? MAX_STREAMS;
    this.maxUnacked = options.maxUnackedBytes ?? MAX_UNACKED_BYTES;
    this.maxBehindMs = options.maxBehindMs ?? MAX_BEHIND_MS;
  }

  /** The server's key, read once the database is migrated (the server starts listening after). */
  useKey(key: LiveEventKey): void {
    this.key = key;
  }

  /** Open streams, for tests and the bench. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Starts a stream for a session's user: the reconnect delay, then `resync`. A stream past a cap (of
   * the session, the user, the process) closes the oldest one under it first. Answers the function that
   * ends it (the client went away).
   */
  open(session: string, actor: Actor, sink: StreamSink): () => void {
    if (this.closed) {
      sink.close(false);
      return () => {};
    }
    while ((this.bySession.get(session)?.streams.length ?? 0) >= this.maxPerSession)
      this.end(this.bySession.get(session)!.streams[0]!, false);
    while ((this.byUser.get(actor.userId)?.length ?? 0) >= this.maxPerUser)
      this.end(this.byUser.get(actor.userId)![0]!, false);
    while (this.streams.size >= this.maxStreams) this.end(this.streams.values().next().value!, false);

    const stream: Stream = {
      session,
      userId: actor.userId,
      topics: topicsOf(actor),
      sink,
      closed: false,
      behindSince: undefined,
    };
    const ofSession = this.bySession.get(session);
    if (ofSession) ofSession.streams.push(stream);
    else {
      this.bySession.set(session, { streams: [stream], expiry: undefined });
      // Its expiry is learned from the session itself (answered from the cache the guard just filled).
      void this.recheckSession(session);
    }
    this.byUser.set(actor.userId, [...(this.byUser.get(actor.userId) ?? []), stream]);
    this.streams.add(stream);
    this.sendControl(stream, WIRE.retry + WIRE.resync);
    this.heartbeat ??= setInterval(() => this.broadcast(WIRE.ping), this.heartbeatMs).unref();
    return () => this.end(stream, false);
  }

  /** Hears the live events channel: each notice is one event; after a lost listener, everyone refetches. */
  hearEvents(event: ChannelEvent, payload?: string): void {
    if (event === 'lost') this.eventsLost = true;
    else if (event === 'ready' && this.eventsLost) {
      this.eventsLost = false;
      this.broadcast(WIRE.resync);
    } else if (event === 'notice' && payload !== undefined) this.publishPayload(payload);
  }

  /**
   * Hears the auth changes channel (after the session cache did, so the check below reads the
   * database): every stream's session is checked again.
   */
  hearAuthChanges(event: ChannelEvent): void {
    if (event === 'lost') {
      this.authLost = true;
      return;
    }
    if (event === 'ready' && !this.authLost) return;
    this.authLost = false;
    void this.recheckAll();
  }

  /** A notification's text: one signed LiveEvent, or anything else (ignored, a forgery among it). */
  publishPayload(payload: string): void {
    const json = this.key && openedPayload(this.key, payload);
    if (json === undefined) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return;
    }
    const event = LiveEvent.safeParse(parsed);
    if (event.success) this.publish(event.data);
  }

  publish(event: LiveEvent): void {
    // Encoded once, not once per stream: the same text goes to every listener.
    const text = WIRE.event(event);
    if (this.batchMs === 0) {
      const chunk = Buffer.from(text);
      for (const stream of this.streams) if (stream.topics.has(event.topic)) this.sendEvents(stream, chunk);
      return;
    }
    for (const stream of this.streams) {
      if (!stream.topics.has(event.topic) || stream.behindSince !== undefined) continue;
      const waiting = this.queued.get(stream);
      if (waiting) waiting.push(text);
      else this.queued.set(stream, [text]);
    }
    this.flushing ??= setTimeout(() => this.flush(), this.batchMs);
  }

  /** Writes each stream's waiting events in one chunk, in the order they came. */
  private flush(): void {
    this.flushing = undefined;
    const queued = this.queued;
    this.queued = new Map();
    for (const [stream, texts] of queued) this.sendEvents(stream, texts.join(''));
  }

  /**
   * Checks every stream's session again, one look-up per session. Announcements that come while a
   * check runs start one more check after it, not one each.
   */
  recheckAll(): Promise<void> {
    if (this.rechecking) {
      this.recheckAgain = true;
      return this.rechecking;
    }
    this.rechecking = (async () => {
      do {
        this.recheckAgain = false;
        for (const session of [...this.bySession.keys()]) await this.recheckSession(session);
      } while (this.recheckAgain && !this.closed);
    })().finally(() => {
      this.rechecking = undefined;
    });
    return this.rechecking;
  }

  /**
   * Looks at a session as it stands (never sliding it): an ended one closes its streams, a changed one
   * refilters them and tells the client to refetch (it may now read more); the streams are looked at
   * again when it expires.
   */
  private async recheckSession(session: string): Promise<void> {
    const state = await this.options.recheck(session).catch(() => undefined);
    const group = this.bySession.get(session);
    if (!group) return;
    if (!state || state.expiresAt <= Date.now()) {
      for (const stream of [...group.streams]) this.end(stream, false);
      return;
    }
    const topics = topicsOf(state.actor);
    for (const stream of group.streams) {
      if (sameTopics(topics, stream.topics)) continue;
      stream.topics = topics;
      this.sendControl(stream, WIRE.resync);
    }
    clearTimeout(group.expiry);
    const wait = Math.min(state.expiresAt - Date.now() + EXPIRY_MARGIN_MS, LONGEST_WAIT_MS);
    group.expiry = setTimeout(() => void this.recheckSession(session), wait).unref();
  }

  /** Ends every stream (the server stops); no new one opens. */
  closeAll(): void {
    this.closed = true;
    clearTimeout(this.flushing);
    this.flushing = undefined;
    this.queued.clear();
    for (const stream of [...this.streams]) this.end(stream, false);
  }

  private broadcast(text: string): void {
    const chunk = Buffer.from(text);
    for (const stream of [...this.streams]) this.sendControl(stream, chunk);
  }

  /** A few bytes of the protocol; a stream that is behind gets its `resync` once it caught up anyway. */
  private sendControl(stream: Stream, chunk: string | Uint8Array): void {
    if (stream.closed || stream.behindSince !== undefined) return;
    stream.sink.write(chunk);
  }

  /**
   * Events, written only when the client has room for them: a burst larger than the bound, or one a
   * slow client has no room for, is dropped and the stream falls behind.
   */
  private sendEvents(stream: Stream, chunk: string | Uint8Array): void {
    if (stream.closed || stream.behindSince !== undefined) return;
    const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    const fits = (fresh: boolean) => stream.sink.unacknowledged(fresh) + bytes <= this.maxUnacked;
    if (bytes <= this.maxUnacked && (fits(false) || fits(true))) {
      stream.sink.write(chunk);
      return;
    }
    stream.behindSince = Date.now();
    if (this.caughtUp(stream)) return;
    this.behind.add(stream);
    this.watching ??= setInterval(() => this.watchBehind(), this.watchMs()).unref();
  }

  /** A stream that has acknowledged most of what it was sent gets its one `resync` and events again. */
  private caughtUp(stream: Stream): boolean {
    if (stream.sink.unacknowledged(true) > this.maxUnacked / 2) return false;
    stream.behindSince = undefined;
    this.behind.delete(stream);
    stream.sink.write(WIRE.resync);
    return true;
  }

  /** Streams behind catch up, or are cut once they have been behind too long (the client is not reading). */
  private watchBehind(): void {
    const now = Date.now();
    for (const stream of [...this.behind]) {
      if (this.caughtUp(stream)) continue;
      if (now - stream.behindSince! < this.maxBehindMs) continue;
      try {
        stream.sink.write(WIRE.retryAfterCut);
      } catch {
        // The socket is gone already.
      }
      this.end(stream, true);
    }
    if (this.behind.size === 0) {
      clearInterval(this.watching);
      this.watching = undefined;
    }
  }

  private watchMs(): number {
    return Math.min(250, Math.max(10, Math.floor(this.maxBehindMs / 10)));
  }

  private end(stream: Stream, abrupt: boolean): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    this.behind.delete(stream);
    this.queued.delete(stream);
    const group = this.bySession.get(stream.session);
    if (group) {
      group.streams = group.streams.filter((other) => other !== stream);
      if (group.streams.length === 0) {
        clearTimeout(group.expiry);
        this.bySession.delete(stream.session);
      }
    }
    const ofUser = (this.byUser.get(stream.userId) ?? []).filter((other) => other !== stream);
    if (ofUser.length > 0) this.byUser.set(stream.userId, ofUser);
    else this.byUser.delete(stream.userId);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
    try {
      // A stream closed while behind, or while much of what it was sent waits unacknowledged, is cut
      // like one that stopped reading: the end would not reach it.
      const stalled =
        stream.behindSince !== undefined || stream.sink.unacknowledged(true) > this.maxUnacked / 2;
      stream.sink.close(abrupt || stalled);
    } catch {
      // The socket is gone already.
    }
  }
}
