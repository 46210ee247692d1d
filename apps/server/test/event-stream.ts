/**
 * Reading a live event stream (GET /api/events) over real HTTP, as a browser's fetch does: the answer
 * never ends by itself, so `app.inject` cannot read it.
 */

import type { LiveEvent } from '@mandira/contract/live-events';
import type { Database } from '../src/db/client.ts';
import { announcementOf } from '../src/modules/events/announce.ts';

/** One block of the stream: a message (`event`, `data`), or a comment or `retry:` line alone. */
export type StreamMessage = { event?: string; data?: string; comment?: string; retry?: number };

export type EventStreamReader = {
  status: number;
  headers: Headers;
  /** Every block read so far, in order. */
  messages: StreamMessage[];
  /** The first block (already read or still to come) that matches, or a failure after `timeoutMs`. */
  next(matches: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

function parseBlock(block: string): StreamMessage {
  const message: StreamMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) message.event = line.slice(7);
    else if (line.startsWith('data: ')) message.data = line.slice(6);
    else if (line.startsWith('retry: ')) message.retry = Number(line.slice(7));
  }
  return message;
}

/** Data messages of the default type, parsed: the live events themselves. */
export function liveEventsOf(
  messages: readonly StreamMessage[],
): { topic: string; type: string; id: unknown }[] {
  return messages
    .filter((m) => m.data !== undefined && m.event === undefined)
    .map((m) => JSON.parse(m.data!));
}

export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { ...headers, ...(token === undefined ? {} : { 'auth-token': token }) },
    signal: abort.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          messages.push(parseBlock(buffer.slice(0, cut)));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close(), or the connection was cut
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    messages,
    ended,
    close: () => abort.abort(),
    next(matches, timeoutMs = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(matches);
          if (found) {
            finish();
            resolve(found);
          } else if (done) {
            finish();
            reject(new Error(`the stream ended first; read: ${JSON.stringify(messages)}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`nothing matched within ${timeoutMs} ms; read: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * Commits (or rolls back) a transaction that only announces `event`, on the test's own connection;
 * answers the instant it committed.
 */
export async function announceIn(database: Database, event: LiveEvent, rollBack = false): Promise<number> {
  const refused = new Error('rolled back');
  await database.db
    .transaction(async (tx) => {
      await tx.execute(announcementOf([event]));
      if (rollBack) throw refused;
    })
    .catch((error) => {
      if (error !== refused) throw error;
    });
  return Date.now();
}
