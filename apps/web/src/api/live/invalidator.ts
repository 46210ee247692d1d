import type { LiveTopic } from '@mandira/contract/live-events';
import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { TOPIC_KEYS } from './topic-keys.ts';

/** Events within this long of the first are answered together: a burst of 50 refetches each list once. */
export const COALESCE_MS = 200;

export type Invalidator = {
  topic: (topic: LiveTopic) => void;
  /** Everything read before `since` (epoch ms) is read again. */
  resync: (since: number) => void;
  dispose: () => void;
};

/**
 * Turns live events into TanStack Query invalidations, gathered for COALESCE_MS after the first of a
 * burst and then sent as one invalidation (one refetch per active query, however many events matched).
 */
export function createInvalidator(
  queryClient: QueryClient,
  topicKeys: Record<LiveTopic, readonly QueryKey[]> = TOPIC_KEYS,
  delayMs = COALESCE_MS,
): Invalidator {
  const keys = new Map<string, QueryKey>();
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
      prefixes.some((prefix) => partialMatchKey(query.queryKey, prefix));
    // One call for every prefix: a query two topics name is read once. A read under way is started
    // again, as it may have begun before the change committed.
    void queryClient.invalidateQueries({ predicate: stale });
  }

  function schedule(): void {
    timer ??= setTimeout(flush, delayMs);
  }

  return {
    topic(topic) {
      for (const key of topicKeys[topic] ?? []) keys.set(JSON.stringify(key), key);
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
