import { useState } from 'react';

/** Reads a value kept for this browser tab; anything unreadable or refused by `isValid` is the fallback. */
function readStored<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const text = sessionStorage.getItem(key);
    if (text === null) return fallback;
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A `useState` kept in sessionStorage under `key`: a screen left and opened again in the same tab
 * comes back as it was; a new tab or a new sign-in starts from `fallback`.
 */
export function useSessionState<T>(key: string, fallback: T, isValid: (value: unknown) => value is T) {
  const [value, setValue] = useState<T>(() => readStored(key, fallback, isValid));
  const set = (next: T) => {
    setValue(next);
    try {
      sessionStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or refused: the choice still holds while the screen is open.
    }
  };
  return [value, set] as const;
}
