/**
 * Decision 113: a list asked for without `page` and `size` answers at most its limit of rows, newest
 * first. `X-Total-Count` always says how many rows matched; `X-Unpaged-Limit` is sent only when the
 * answer holds fewer than that (the limit it was cut at), so a client can tell a cut list from a whole one.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const UNPAGED_LIMIT_HEADER = 'x-unpaged-limit';

/** What an unpaged answer's headers say: how many matched and, when cut, how many it holds. */
export type UnpagedExtent = { total: number; limit: number | null };

export function unpagedExtentOf(headers: { get(name: string): string | null }): UnpagedExtent | null {
  const total = headers.get(TOTAL_COUNT_HEADER);
  if (total === null) return null;
  const limit = headers.get(UNPAGED_LIMIT_HEADER);
  return { total: Number(total), limit: limit === null ? null : Number(limit) };
}
