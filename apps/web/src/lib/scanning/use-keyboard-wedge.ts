import { useEffect, useRef } from 'react';
import { WedgeDetector, type WedgeOptions } from './wedge-detector.ts';

export type KeyboardWedgeOptions = WedgeOptions & {
  /** Off while a modal above the screen should not take scans. */
  enabled?: boolean;
  /** Milliseconds of a key, for tests; the event's own time otherwise. */
  clock?: () => number;
};

/**
 * A field the user types in, where the typed keys are the field's, not a scan's — the scan field too: it
 * hands its whole text over on its own Enter, where a run timed here could miss the first keys of a code
 * on a busy device (a gap over the limit restarts the run).
 */
function isTypingField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

/**
 * Scans from a keyboard-wedge scanner anywhere on the screen: `onScan(code)` once a fast run of keys
 * ends with Enter, whose default (submitting a form) is then kept from happening. Keys typed into a text
 * field stay that field's — a scan there is the field's text, typed by hand or not; the scan field
 * (`ScanField`) hands its text to the screen on its own Enter.
 */
export function useKeyboardWedge(onScan: (code: string) => void, options: KeyboardWedgeOptions = {}) {
  const { enabled = true, clock, maxGapMs, minLength } = options;
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector({ maxGapMs, minLength });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingField(event.target)) {
        detector.reset();
        return;
      }
      const code = detector.key(event.key, clock ? clock() : event.timeStamp);
      if (code !== null) {
        event.preventDefault();
        event.stopPropagation();
        latest.current(code);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, clock, maxGapMs, minLength]);
}
