import type { LiveEvent } from '@mandira/contract/live-events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStream, type LinkState, SILENCE_LIMIT_MS, type StreamOptions } from './event-stream.ts';

/** A stream the test writes into, as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    sendBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
  };
}

type Answer = Response | (() => Response);

function setUp(answers: Answer[], token: () => string | null = () => 'token-1') {
  const states: LinkState[] = [];
  const events: LiveEvent[] = [];
  const resyncs: number[] = [];
  const calls: { at: number; token: string | null; signal: AbortSignal }[] = [];
  const unauthorized = vi.fn();
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    calls.push({ at: Date.now(), token: headers['auth-token'] ?? null, signal: init!.signal! });
    const answer = answers.shift() ?? new Response('', { status: 404 });
    return typeof answer === 'function' ? answer() : answer;
  });
  const options: StreamOptions = {
    getToken: token,
    onEvent: (event) => events.push(event),
    onResync: (since) => resyncs.push(since),
    onState: (state) => states.push(state),
    onUnauthorized: unauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
    random: () => 0,
  };
  return { stream: createEventStream(options), states, events, resyncs, calls, unauthorized, fetch };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createEventStream', () => {
  it('sends the token, resyncs on opening and on the resync event, and hands on each event', async () => {
    const server = serverStream();
    const live = setUp([server.response]);
    live.stream.start();
    await flush();
    expect(live.calls[0]?.token).toBe('token-1');
    expect(live.states).toEqual(['connecting', 'up']);
    expect(live.resyncs).toEqual([1_000_000]);

    server.send('retry: 3000\n\nevent: resync\ndata: {}\n\n: ping\n\n');
    server.send('data: {"topic":"orders","type":"order.changed","id":7,"status":"IN_REVIEW","by":3}\n\n');
    server.send('data: {"topic":"nonsense","type":"x","id":1}\n\ndata: not json\n\n');
    await flush();
    expect(live.resyncs).toEqual([1_000_000, 1_000_000]);
    expect(live.events).toEqual([
      { topic: 'orders', type: 'order.changed', id: 7, status: 'IN_REVIEW', by: 3 },
    ]);
    live.stream.stop();
  });

  it('a resync later in the stream asks for everything read until then', async () => {
    const server = serverStream();
    const live = setUp([server.response]);
    live.stream.start();
    await flush();
    server.send('retry: 3000\n\nevent: resync\ndata: {}\n\n');
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    server.send('event: resync\ndata: {}\n\n');
    await flush();
    expect(live.resyncs).toEqual([1_000_000, 1_000_000, 1_030_000]);
    live.stream.stop();
  });

  it('reads a Turkish letter whose bytes arrive in two pieces', async () => {
    const server = serverStream();
    const live = setUp([server.response]);
    live.stream.start();
    await flush();
    const bytes = new TextEncoder().encode(
      'data: {"topic":"stock","type":"stock.changed","id":1,"status":"İADE"}\n\n',
    );
    const cut = bytes.indexOf(0xc4) + 1;
    server.sendBytes(bytes.slice(0, cut));
    await flush();
    server.sendBytes(bytes.slice(cut));
    await flush();
    expect(live.events.map((event) => event.status)).toEqual(['İADE']);
    live.stream.stop();
  });

  it('is down while the route answers 404, trying again after 1, 2, 4, 8 s', async () => {
    const live = setUp([]);
    live.stream.start();
    await vi.advanceTimersByTimeAsync(16_000);
    expect(live.calls.map((call) => call.at - 1_000_000)).toEqual([0, 1_000, 3_000, 7_000, 15_000]);
    expect(live.states).toEqual(['connecting', 'down']);
    expect(live.resyncs).toEqual([]);
    live.stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.calls).toHaveLength(5);
    expect(live.states.at(-1)).toBe('off');
  });

  it('stops at 401 and lets the app end the session, without asking again', async () => {
    const live = setUp([new Response('', { status: 401 })]);
    live.stream.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(live.calls).toHaveLength(1);
    expect(live.unauthorized).toHaveBeenCalledTimes(1);
    expect(live.states).toEqual(['connecting', 'off']);
  });

  it('after a healthy minute starts the backoff over; a stream dropped sooner keeps doubling', async () => {
    const first = serverStream();
    const second = serverStream();
    const third = serverStream();
    const live = setUp([new Response('', { status: 503 }), first.response, second.response, third.response]);
    live.stream.start();
    await flush(); // 503 at 0: the next in 1 s
    await vi.advanceTimersByTimeAsync(1_000); // open at 1 s
    expect(live.states).toEqual(['connecting', 'down', 'up']);
    await vi.advanceTimersByTimeAsync(10_000);
    first.close(); // dropped at 11 s, before a healthy minute: waits 2 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(live.calls.map((call) => call.at - 1_000_000)).toEqual([0, 1_000, 13_000]);
    await vi.advanceTimersByTimeAsync(30_000); // heartbeats keep it alive past its minute
    second.send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(30_000);
    second.close(); // dropped at 73 s after a healthy minute: 1 s again
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live.calls.map((call) => call.at - 1_000_000)).toEqual([0, 1_000, 13_000, 74_000]);
    expect(live.resyncs).toHaveLength(3);
    expect(live.states).toEqual(['connecting', 'down', 'up', 'down', 'up', 'down', 'up']);
    live.stream.stop();
  });

  it('gives up a connection that has been silent past two heartbeats and opens another', async () => {
    const silent = serverStream();
    const next = serverStream();
    const live = setUp([silent.response, next.response]);
    live.stream.start();
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1);
    expect(live.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1_000);
    expect(live.calls).toHaveLength(2);
    expect(live.calls[0]?.signal.aborted).toBe(true);
    expect(live.states).toEqual(['connecting', 'up', 'down', 'up']);
    live.stream.stop();
  });

  it('connects again at once with a new token, and closes when the token is gone', async () => {
    let token: string | null = 'token-1';
    const first = serverStream();
    const second = serverStream();
    const live = setUp([first.response, second.response], () => token);
    live.stream.start();
    await flush();
    token = 'token-2';
    live.stream.restart();
    await flush();
    expect(live.calls.map((call) => call.token)).toEqual(['token-1', 'token-2']);
    expect(live.calls[0]?.signal.aborted).toBe(true);
    token = null;
    live.stream.restart();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.calls).toHaveLength(2);
    expect(live.calls[1]?.signal.aborted).toBe(true);
    expect(live.states.at(-1)).toBe('off');
  });
});
