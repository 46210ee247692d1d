import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * How long after this tab's write its own echo (an event `by` the signed-in user) is taken for that
 * write's: the stream brings it within about a second of the commit.
 */
export const ECHO_MS = 5_000;

/**
 * What the live invalidator needs to know to read a list once per change (decision 139): when each
 * query's latest read began, and when this tab's writes were answered. Moments are ticks of one
 * counter, so two in the same millisecond still come in order.
 */
export type ReadLog = {
  /** The moment now, for an event that has just arrived. */
  tick: () => number;
  /** When the query's latest read began; -1 when it was not read since the log began. */
  readStart: (query: Query) => number;
  /** Runs one of this tab's writes, noting when it went out and when it was answered. */
  write: <T>(send: () => Promise<T>) => Promise<T>;
  /**
   * Since when a change the signed-in user made is surely read: the answer of this tab's last write,
   * when it came within ECHO_MS and no other write of the tab is under way (its change is then read
   * by any read begun after the answer); otherwise now, as for anyone's change.
   */
  ownChangeReadSince: () => number;
};

const logs = new WeakMap<QueryClient, ReadLog>();

/** The read log of a query client, started the first time it is asked for. */
export function readLogOf(queryClient: QueryClient): ReadLog {
  let log = logs.get(queryClient);
  if (!log) {
    log = createReadLog(queryClient);
    logs.set(queryClient, log);
  }
  return log;
}

function createReadLog(queryClient: QueryClient): ReadLog {
  let ticks = 0;
  const tick = () => ++ticks;
  const readStarts = new WeakMap<Query, number>();
  let writesUnderWay = 0;
  let lastAnswer: { tick: number; at: number } | undefined;

  // A read restarted while one is under way is not announced: its start stays the earlier one, which
  // only ever costs a read, never skips one.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch') readStarts.set(event.query, tick());
  });

  return {
    tick,
    readStart: (query) => readStarts.get(query) ?? -1,
    async write(send) {
      writesUnderWay += 1;
      try {
        const answer = await send();
        lastAnswer = { tick: tick(), at: Date.now() };
        return answer;
      } finally {
        writesUnderWay -= 1;
      }
    },
    ownChangeReadSince() {
      const now = tick();
      if (writesUnderWay > 0 || !lastAnswer || Date.now() - lastAnswer.at > ECHO_MS) return now;
      return lastAnswer.tick;
    },
  };
}
