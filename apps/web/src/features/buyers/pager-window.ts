/** At most five numbered pages, the current one ±2. */
export const PAGER_REACH = 2;

export type PagerWindow = {
  pages: number[];
  /** Pages hidden between the first page and the window: an ellipsis is shown. */
  gapBefore: boolean;
  /** Pages hidden between the window and the last page. */
  gapAfter: boolean;
};

export function pagerWindow(current: number, totalPages: number): PagerWindow {
  if (totalPages < 1) return { pages: [], gapBefore: false, gapAfter: false };
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.max(1, page - PAGER_REACH);
  const end = Math.min(totalPages, page + PAGER_REACH);
  return {
    pages: Array.from({ length: end - start + 1 }, (_, i) => start + i),
    gapBefore: start > 1,
    gapAfter: end < totalPages,
  };
}

/** The page of the address bar: a whole number ≥ 1, else the first page. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
