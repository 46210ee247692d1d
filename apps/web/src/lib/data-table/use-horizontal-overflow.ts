import { type RefObject, useEffect, useState } from 'react';

export type HorizontalOverflow = {
  /** The content is wider than its box: some columns are out of view. */
  overflows: boolean;
  /** Scrolled as far right as it goes. */
  atEnd: boolean;
  /** Not scrolled sideways at all. */
  atStart: boolean;
};

/**
 * Watches a scroll box so a table can say that it has more columns to the right. `mounted` changes
 * when the box comes and goes (a table shown as cards on a narrow screen has none).
 */
export function useHorizontalOverflow(
  ref: RefObject<HTMLElement | null>,
  mounted = true,
): HorizontalOverflow {
  const [state, setState] = useState<HorizontalOverflow>({
    overflows: false,
    atEnd: true,
    atStart: true,
  });
  useEffect(() => {
    const box = mounted ? ref.current : null;
    if (!box) return;
    const measure = () => {
      const overflows = box.scrollWidth - box.clientWidth > 1;
      const atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
      const atStart = box.scrollLeft <= 0;
      setState((current) =>
        current.overflows === overflows && current.atEnd === atEnd && current.atStart === atStart
          ? current
          : { overflows, atEnd, atStart },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [ref, mounted]);
  return state;
}
