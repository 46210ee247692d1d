import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
