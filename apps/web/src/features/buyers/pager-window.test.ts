import { describe, expect, it } from 'vitest';
import { pageFromParam, pagerWindow } from './pager-window.ts';

describe('pagerWindow', () => {
  it('shows the current page ±2 with gaps on both sides in the middle', () => {
    expect(pagerWindow(6, 12)).toEqual({ pages: [4, 5, 6, 7, 8], gapBefore: true, gapAfter: true });
  });

  it('cuts the window at the first and the last page', () => {
    expect(pagerWindow(1, 12)).toEqual({ pages: [1, 2, 3], gapBefore: false, gapAfter: true });
    expect(pagerWindow(12, 12)).toEqual({ pages: [10, 11, 12], gapBefore: true, gapAfter: false });
    expect(pagerWindow(3, 5)).toEqual({ pages: [1, 2, 3, 4, 5], gapBefore: false, gapAfter: false });
  });

  it('never shows more than five numbers, and none without pages', () => {
    for (let page = 1; page <= 30; page++) expect(pagerWindow(page, 30).pages.length).toBeLessThanOrEqual(5);
    expect(pagerWindow(1, 0)).toEqual({ pages: [], gapBefore: false, gapAfter: false });
  });

  it('keeps a page beyond the end inside the range', () => {
    expect(pagerWindow(40, 4).pages).toEqual([2, 3, 4]);
  });
});

describe('pageFromParam', () => {
  it('reads a whole page number and falls back to the first page', () => {
    expect(pageFromParam('3')).toBe(3);
    for (const text of [null, '', '0', '-2', '1.5', 'abc']) expect(pageFromParam(text)).toBe(1);
  });
});
