import { describe, expect, it } from 'vitest';
import { WedgeDetector } from './wedge-detector.ts';

/** Keys `text` then Enter, `gap` ms apart from `start`; answers what the detector said at Enter. */
function keys(detector: WedgeDetector, text: string, gap: number, start = 0) {
  let at = start;
  for (const key of text) {
    expect(detector.key(key, at)).toBeNull();
    at += gap;
  }
  return { code: detector.key('Enter', at), end: at };
}

describe('WedgeDetector', () => {
  it('takes a fast run of keys ending with Enter as a scan', () => {
    expect(keys(new WedgeDetector(), '8691234567890', 8).code).toBe('8691234567890');
  });

  it('keeps a GS1 string with its GS separators', () => {
    expect(keys(new WedgeDetector(), '0108691234567890\u001d10A1', 5).code).toBe(
      '0108691234567890\u001d10A1',
    );
  });

  it('leaves hand typing alone, however long', () => {
    expect(keys(new WedgeDetector(), '8691234567890', 120).code).toBeNull();
  });

  it('refuses a fast run shorter than six keys, and a slow Enter after a fast run', () => {
    expect(keys(new WedgeDetector(), '12345', 5).code).toBeNull();
    const detector = new WedgeDetector();
    for (const [i, key] of [...'8691234567890'].entries()) detector.key(key, i * 5);
    expect(detector.key('Enter', 1000)).toBeNull();
  });

  it('recognises a scan that follows hand typing, without the typed keys', () => {
    const detector = new WedgeDetector();
    const typed = keys(detector, 'abc', 150);
    expect(typed.code).toBeNull();
    expect(keys(detector, 'STK-0042', 10, typed.end + 500).code).toBe('STK-0042');
  });

  it('ignores keys that print nothing', () => {
    const detector = new WedgeDetector();
    detector.key('Shift', 0);
    expect(keys(detector, 'ABCDEF', 10, 5).code).toBe('ABCDEF');
  });
});
