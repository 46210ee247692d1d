/** The first wait before connecting again, doubled after each failure up to the longest. */
export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 30_000;
/** A connection that stayed open this long was healthy: the next failure waits the first delay again. */
export const HEALTHY_AFTER_MS = 60_000;

/**
 * The wait before attempt `failures` (0 after the first failure): 1 s, 2 s, 4 s … 30 s, each shortened
 * by up to a fifth at random (`random` in [0, 1)), so the tabs of an office that all lost the server
 * at once do not all come back in the same millisecond.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const full = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures, 30));
  return Math.round(full * (1 - random() / 5));
}
