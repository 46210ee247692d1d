import {
  LIVE_TOPICS,
  LiveEvent,
  type LiveTopic,
  STREAM_RESYNC,
  topicsReadBy,
} from '@mandira/contract/live-events';
import type { ChannelEvent } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';

/** How long the client waits before it connects again, told first on every stream. */
export const RECONNECT_MS = 3_000;
/** A comment line every so often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** A user with more tabs than this shares streams badly anyway: a new one closes the oldest. */
export const MAX_STREAMS_PER_SESSION = 4;
/** Text a client has not taken yet past this bound, and the client is dropped rather than buffered. */
export const MAX_PENDING_BYTES = 256 * 1024;

/** The stream's wire format (text/event-stream), which the web's live layer reads. */
export const WIRE = {
  retry: `retry: ${RECONNECT_MS}\n\n`,
  resync: `event: ${STREAM_RESYNC}\ndata: {}\n\n`,
  ping: ': ping\n\n',
  event: (event: LiveEvent) => `data: ${JSON.stringify(event)}\n\n`,
} as const;

/** Where a stream's text goes: the HTTP answer's socket, or a test's buffer. */
export type StreamSink = {
  /** False when the text waits in memory because the client reads slower than we write. */
  write(chunk: string | Uint8Array): boolean;
  /** Bytes written and not yet taken by the client. */
  pendingBytes(): number;
  /** Ends the answer; `abrupt` drops what is still buffered (a slow client) instead of flushing it. */
  close(abrupt: boolean): void;
};

export type LiveHubOptions = {
  /**
   * Who a session stands for now, asked again whenever roles, users or sessions change; undefined once
   * the session has ended (signed out, revoked, the user made passive).
   */
  recheck: (session: string) => Promise<Actor | undefined>;
  heartbeatMs?: number;
  /**
   * Events that arrive within this window go to a stream in one write (0: each at once). At a busy
   * moment (a write a few milliseconds apart) every stream otherwise costs a socket write per event,
   * on the server and on each client.
   */
  batchMs?: number;
  maxStreamsPerSession?: number;
  maxPendingBytes?: number;
};

type Stream = { session: string; topics: ReadonlySet<LiveTopic>; sink: StreamSink; closed: boolean };

/** The topics a user hears: a super user hears all of them. */
export function topicsOf(actor: Actor): ReadonlySet<LiveTopic> {
  return new Set(actor.isSuperAdmin ? LIVE_TOPICS : topicsReadBy(actor.privileges));
}

function sameTopics(a: ReadonlySet<LiveTopic>, b: ReadonlySet<LiveTopic>): boolean {
  return a.size === b.size && [...a].every((topic) => b.has(topic));
}

/**
 * The open event streams of this process (docs/architecture.md, "Live events"). It hears the live
 * events channel once for the whole process and hands each event to the streams whose user may read
 * its topic. A stream that cannot keep up is dropped, never buffered without bound: its client connects
 * again and refetches on the `resync` every stream starts with.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly bySession = new Map<string, Stream[]>();
  private readonly heartbeatMs: number;
  private readonly maxPerSession: number;
  private readonly maxPending: number;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly batchMs: number;
  private queued = new Map<Stream, string[]>();
  private flushing: NodeJS.Timeout | undefined;
  private eventsLost = false;
  private authLost = false;
  private rechecking: Promise<void> | undefined;
  private recheckAgain = false;
  private closed = false;

  constructor(private readonly options: LiveHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.batchMs = options.batchMs ?? 0;
    this.maxPerSession = options.maxStreamsPerSession ?? MAX_STREAMS_PER_SESSION;
    this.maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  }

  /** Open streams, for tests and the bench. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Starts a stream for a session's user: the reconnect delay, then `resync`. Answers the function
   * that ends it (the client went away).
   */
  open(session: string, actor: Actor, sink: StreamSink): () => void {
    if (this.closed) {
      sink.close(false);
      return () => {};
    }
    const stream: Stream = { session, topics: topicsOf(actor), sink, closed: false };
    for (;;) {
      const ofSession = this.bySession.get(session) ?? [];
      if (ofSession.length < this.maxPerSession) break;
      this.end(ofSession[0]!, false);
    }
    this.bySession.set(session, [...(this.bySession.get(session) ?? []), stream]);
    this.streams.add(stream);
    this.send(stream, WIRE.retry + WIRE.resync);
    this.heartbeat ??= setInterval(() => this.ping(), this.heartbeatMs).unref();
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

  /** A notification's text: one LiveEvent, or nothing this server knows (ignored). */
  publishPayload(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
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
      for (const stream of this.streams) if (stream.topics.has(event.topic)) this.send(stream, chunk);
      return;
    }
    for (const stream of this.streams) {
      if (!stream.topics.has(event.topic)) continue;
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
    for (const [stream, texts] of queued) this.send(stream, texts.join(''));
  }

  /**
   * Checks every stream's session again, one look-up per session: an ended one closes its streams, a
   * changed one refilters them and tells the client to refetch (it may now read more). Announcements
   * that come while a check runs start one more check after it, not one each.
   */
  recheckAll(): Promise<void> {
    if (this.rechecking) {
      this.recheckAgain = true;
      return this.rechecking;
    }
    this.rechecking = (async () => {
      do {
        this.recheckAgain = false;
        for (const [session, streams] of [...this.bySession]) {
          const actor = await this.options.recheck(session).catch(() => undefined);
          for (const stream of [...streams]) {
            if (stream.closed) continue;
            if (!actor) {
              this.end(stream, false);
              continue;
            }
            const topics = topicsOf(actor);
            if (sameTopics(topics, stream.topics)) continue;
            stream.topics = topics;
            this.send(stream, WIRE.resync);
          }
        }
      } while (this.recheckAgain && !this.closed);
    })().finally(() => {
      this.rechecking = undefined;
    });
    return this.rechecking;
  }

  /** Ends every stream (the server stops); no new one opens. */
  closeAll(): void {
    this.closed = true;
    clearTimeout(this.flushing);
    this.flushing = undefined;
    this.queued.clear();
    for (const stream of [...this.streams]) this.end(stream, false);
  }

  private ping(): void {
    this.broadcast(WIRE.ping);
  }

  private broadcast(text: string): void {
    const chunk = Buffer.from(text);
    for (const stream of [...this.streams]) this.send(stream, chunk);
  }

  private send(stream: Stream, chunk: string | Uint8Array): void {
    if (stream.closed) return;
    if (!stream.sink.write(chunk) && stream.sink.pendingBytes() > this.maxPending) this.end(stream, true);
  }

  private end(stream: Stream, abrupt: boolean): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    const ofSession = this.bySession.get(stream.session);
    if (ofSession) {
      const left = ofSession.filter((other) => other !== stream);
      if (left.length > 0) this.bySession.set(stream.session, left);
      else this.bySession.delete(stream.session);
    }
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
    try {
      stream.sink.close(abrupt);
    } catch {
      // The socket is gone already.
    }
  }
}
