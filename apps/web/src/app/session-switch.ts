import { useSyncExternalStore } from 'react';

/**
 * Counts sign-ins as someone else over an open screen (the sign-in-again modal): the page access check
 * follows it, so the new user keeps the screen only when their own roles open it.
 */
let switches = 0;
const listeners = new Set<() => void>();

export function userSwitched(): void {
  switches += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUserSwitches(): number {
  return useSyncExternalStore(subscribe, () => switches);
}
