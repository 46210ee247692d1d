import type { LiveTopic } from '@mandira/contract/live-events';
import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { readLogOf } from './read-log.ts';
import { TOPIC_KEYS } from './topic-keys.ts';

/** Events within this long of the first are answered together: a burst of 50 refetches each list once. */
export const COALESCE_MS = 200;

export type Invalidator = {
  /** An event of `topic`; `own` when the signed-in user made the change (perhaps in this tab). */
  topic: (topic: LiveTopic, own?: boolean) => void;
  /** Everything read before `since` (epoch ms) is read again. */
  resync: (since: number) => void;
  dispose: () => void;
};

/**
 * Turns live events into TanStack Query invalidations, gathered for COALESCE_MS after the first of a
 * burst and then sent as one invalidation (one refetch per active query, however many events matched).
 * A query whose read began after the change was made already shows it and is left alone: the list a
 * tab's own write read again is not read a second time for the write's echo (decision 139).
 */
export function createInvalidator(
  queryClient: QueryClient,
  topicKeys: Record<LiveTopic, readonly QueryKey[]> = TOPIC_KEYS,
  delayMs = COALESCE_MS,
): Invalidator {
  const log = readLogOf(queryClient);
  /** Each key prefix named since the last flush, and since when its latest change is surely read. */
  const keys = new Map<string, { key: QueryKey; readSince: number }>();
  let resyncSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    timer = undefined;
    const prefixes = [...keys.values()];
    const since = resyncSince;
    keys.clear();
    resyncSince = null;
    const stale = (query: Query) =>
      (since !== null && query.state.dataUpdatedAt < since) ||
      prefixes.some(
        (prefix) => partialMatchKey(query.queryKey, prefix.key) && log.readStart(query) < prefix.readSince,
      );
    // One call for every prefix: a query two topics name is read once. A read under way is started
    // again, as it may have begun before the change committed.
    void queryClient.invalidateQueries({ predicate: stale });
  }

  function schedule(): void {
    timer ??= setTimeout(flush, delayMs);
  }

  return {
    topic(topic, own = false) {
      const readSince = own ? log.ownChangeReadSince() : log.tick();
      for (const key of topicKeys[topic] ?? []) {
        const named = JSON.stringify(key);
        keys.set(named, { key, readSince: Math.max(readSince, keys.get(named)?.readSince ?? 0) });
      }
      schedule();
    },
    resync(since) {
      resyncSince = Math.max(resyncSince ?? 0, since);
      schedule();
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
