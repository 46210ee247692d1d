import { LiveEvent, STREAM_RESYNC } from '@mandira/contract/live-events';
import * as events from '@mandira/contract/operations/events';
import { API_BASE, urlOf } from '../client.ts';
import { HEALTHY_AFTER_MS, retryDelay } from './backoff.ts';
import { createSseParser } from './sse-parser.ts';

/**
 * The live link as the screens see it: `connecting` before the first answer, `up` while the stream is
 * open, `down` from a failure until it is open again, `off` without a session (signed out, or the
 * server said 401).
 */
export type LinkState = 'connecting' | 'up' | 'down' | 'off';

export type StreamHandlers = {
  onEvent: (event: LiveEvent) => void;
  /** Everything read before `since` (epoch ms) may have missed events: read it again. */
  onResync: (since: number) => void;
  onState: (state: LinkState) => void;
};

export type StreamOptions = StreamHandlers & {
  getToken: () => string | null;
  /** The server ended the session: the app's own sign-out handling acts; the stream does not retry. */
  onUnauthorized: () => void;
  url?: string;
  fetch?: typeof fetch;
  random?: () => number;
};

export type EventStream = {
  start: () => void;
  /** Connects again at once with the token now stored (signed in as someone else), or stops without one. */
  restart: () => void;
  stop: () => void;
};

/** Two heartbeats (`: ping` every 20 s) missed: the connection is dead even if the socket does not say so. */
export const SILENCE_LIMIT_MS = 45_000;

/**
 * `streamLiveEvents` read with fetch (EventSource cannot send the `auth-token` header), reconnecting
 * with backoff when the server or the network drops it; every (re)connection is a resync, as events
 * may have passed meanwhile (docs/decisions/0129-one-live-stream-per-browser-invalidation-by-topic.md).
 */
export function createEventStream(options: StreamOptions): EventStream {
  const fetchStream = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let running = false;
  let connection: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let healthyTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let state: LinkState | null = null;

  function setState(next: LinkState): void {
    if (next === state) return;
    state = next;
    options.onState(next);
  }

  function clearTimers(): void {
    clearTimeout(retryTimer);
    clearTimeout(healthyTimer);
    clearTimeout(silenceTimer);
  }

  function disconnect(): void {
    clearTimers();
    connection?.abort();
    connection = null;
  }

  function failed(of: AbortController): void {
    if (!running || connection !== of) return;
    disconnect();
    setState('down');
    retryTimer = setTimeout(connect, retryDelay(failures, options.random));
    failures += 1;
  }

  async function connect(): Promise<void> {
    const token = options.getToken();
    if (!token) {
      setState('off');
      return;
    }
    if (state === null || state === 'off') setState('connecting');
    const controller = new AbortController();
    connection = controller;
    const silence = () => {
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => failed(controller), SILENCE_LIMIT_MS);
    };
    try {
      const response = await fetchStream(options.url ?? `${API_BASE}${urlOf(events.streamLiveEvents)}`, {
        headers: { 'auth-token': token, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (connection !== controller) return;
      if (response.status === 401) {
        disconnect();
        setState('off');
        options.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const since = Date.now();
      setState('up');
      options.onResync(since);
      healthyTimer = setTimeout(() => {
        failures = 0;
      }, HEALTHY_AFTER_MS);
      silence();
      const parser = createSseParser((message) => {
        // A resync within the stream (events were dropped: the client fell behind, or the server's
        // listener or the user's privileges changed) concerns everything read until now, not only
        // what was read before the connection.
        if (message.event === STREAM_RESYNC) options.onResync(Date.now());
        else if (message.event === 'message') readEvent(message.data);
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (connection !== controller) return;
        if (done) break;
        silence();
        // A letter of Turkish text may be split between two pieces: `stream` keeps its first bytes.
        parser.feed(decoder.decode(value, { stream: true }));
      }
      failed(controller);
    } catch {
      failed(controller);
    }
  }

  function readEvent(data: string): void {
    let parsed: ReturnType<typeof LiveEvent.safeParse>;
    try {
      parsed = LiveEvent.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    // An event of a newer server, unknown here, is left out rather than breaking the stream.
    if (parsed.success) options.onEvent(parsed.data);
  }

  return {
    start() {
      if (running) return;
      running = true;
      void connect();
    },
    restart() {
      if (!running) return;
      disconnect();
      failures = 0;
      void connect();
    },
    stop() {
      running = false;
      disconnect();
      setState('off');
    },
  };
}
