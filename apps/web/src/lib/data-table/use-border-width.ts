import { useCallback, useRef, useState } from 'react';

/**
 * The width of an element with its padding and border, kept as it changes: what a sticky neighbour must
 * stand off by (the pinned status beside the pinned actions).
 */
export function useBorderWidth<E extends HTMLElement>(): { ref: (element: E | null) => void; width: number } {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setWidth(element.getBoundingClientRect().width);
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  return { ref, width };
}
