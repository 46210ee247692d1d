import type { LiveEvent } from '@mandira/contract/live-events';

/** How long a row changed by someone else stays marked; its highlight fades over the same time. */
export const MARK_MS = 3_000;

export type LiveMarks = {
  /** Marks the record an event names (`order_item` 12) and the order it belongs to, if any. */
  markEvent: (event: LiveEvent) => void;
  /** Whether `entity` (the event type before `.changed`: order, order_item, shipment) `id` is marked. */
  isMarked: (entity: string, id: number) => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Changes whenever a mark comes or goes, for useSyncExternalStore. */
  version: () => number;
  dispose: () => void;
};

export function entityOf(event: LiveEvent): string {
  return event.type.replace(/\.changed$/, '');
}

/** The records other users changed a moment ago, each marked for MARK_MS from its latest event. */
export function createLiveMarks(durationMs = MARK_MS): LiveMarks {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  let version = 0;

  function changed(): void {
    version += 1;
    for (const listener of listeners) listener();
  }

  function mark(key: string): void {
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        changed();
      }, durationMs),
    );
  }

  return {
    markEvent(event) {
      if (event.id !== null) mark(`${entityOf(event)}:${event.id}`);
      if (event.orderId !== undefined) mark(`order:${event.orderId}`);
      changed();
    },
    isMarked: (entity, id) => timers.has(`${entity}:${id}`),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
