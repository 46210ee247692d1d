/**
 * Decision 113: a list asked for without `page` and `size` answers at most its limit of rows, newest
 * first. `X-Total-Count` always says how many rows matched; `X-Unpaged-Limit` is sent only when the
 * answer holds fewer than that (the limit it was cut at), so a client can tell a cut list from a whole one.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const UNPAGED_LIMIT_HEADER = 'x-unpaged-limit';
/**
 * Decision 149: sent ('true') when the rows were counted only up to COUNT_LIMIT and more matched;
 * `X-Total-Count` is then that limit, a lower bound.
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';

/**
 * What an unpaged answer's headers say: how many matched (at least, when `capped`) and, when cut, how
 * many it holds.
 */
export type UnpagedExtent = { total: number; limit: number | null; capped: boolean };

export function unpagedExtentOf(headers: { get(name: string): string | null }): UnpagedExtent | null {
  const total = headers.get(TOTAL_COUNT_HEADER);
  if (total === null) return null;
  const limit = headers.get(UNPAGED_LIMIT_HEADER);
  return {
    total: Number(total),
    limit: limit === null ? null : Number(limit),
    capped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
  };
}
