import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * `findBy…` and `waitFor` wait up to 5 s, not Testing Library's 1 s: on two cores beside the server's
 * tests, a modal's validation and submit have taken longer than a second, and the wait ends as soon as
 * the expectation holds, so a passing test is not slower for it.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * What Mantine asks of a browser that jsdom does not have: `matchMedia` (color scheme, responsive
 * props) and `ResizeObserver` (tables that scroll sideways, text areas). Neither has anything to
 * measure in jsdom: the media never match and no size is ever reported.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Mantine scrolls the chosen option of a dropdown into view.
Element.prototype.scrollIntoView ??= () => {};

// Without Vitest's globals, Testing Library cannot register its own clean-up between tests.
afterEach(cleanup);

// Mantine's autosizing text areas listen for web fonts loading (`document.fonts`), which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
