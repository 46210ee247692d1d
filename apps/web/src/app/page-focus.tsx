import { type MouseEvent, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import classes from './skip-link.module.css';

/** The id of the shell's `<main>`: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';
/** A lazily loaded screen may take a while on a slow line; past this its heading is not waited for. */
const HEADING_WAIT_MS = 15_000;

function mainContent(): HTMLElement | null {
  return document.getElementById(MAIN_CONTENT_ID);
}

/** Puts focus on the screen's `<h1>` (or `<main>` while it has none), focusable from code only. */
function focusPageStart(): boolean {
  const main = mainContent();
  const target = main?.querySelector<HTMLElement>('h1') ?? null;
  if (!target) return false;
  target.tabIndex = -1;
  target.focus();
  return true;
}

/**
 * 'İçeriğe geç': the first Tab stop of every signed-in page, hidden until focused, past the header and
 * the menu to the screen's heading (WCAG 2.4.1).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!focusPageStart()) {
      const main = mainContent();
      main?.setAttribute('tabindex', '-1');
      main?.focus();
    }
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      İçeriğe geç
    </a>
  );
}

/**
 * After the user moves to another screen, focus goes to its heading, as a page load would put a screen
 * reader at the top: otherwise it stays on the menu entry and Tab walks the menu again (WCAG 2.4.3).
 * The first screen keeps the browser's start, so the skip link stays the first Tab stop. A screen
 * whose own field took focus meanwhile keeps it.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const navigated = useRef(false);

  useEffect(() => {
    if (!navigated.current && pathname === firstPath.current) return;
    navigated.current = true;
    const focusedAtNavigation = document.activeElement;
    // Focus still on the menu entry (or dropped with it): not in the new screen, nor in a dialog.
    const stillWhereTheUserWas = () => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body || focused === focusedAtNavigation) return true;
      return !mainContent()?.contains(focused) && focused.closest('[role="dialog"]') === null;
    };
    const tryFocus = () => {
      if (!stillWhereTheUserWas()) return true;
      return focusPageStart();
    };
    if (tryFocus()) return;
    // The screen is still loading: its heading arrives with it.
    const main = mainContent();
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
