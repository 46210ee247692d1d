import type { Locator, Page } from 'playwright-core';

/** The small laptop screen the portal must fit (issue 17). */
export const LAPTOP = { width: 1366, height: 768 } as const;

/**
 * Whether the element lies wholly inside the window as it is now (no scrolling) and nothing covers
 * its middle: what a user can see and press.
 */
export async function isInViewUncovered(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) return false;
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
  if (!inside) return false;
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}
