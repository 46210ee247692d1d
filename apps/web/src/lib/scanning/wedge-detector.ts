/**
 * Tells a keyboard-wedge scanner from a person typing (docs/domain/scanning.md, decision 157). A USB or
 * Bluetooth scanner "types" the code and Enter within a few milliseconds a key; a person seldom keeps
 * under 35 ms between keys for six of them. A key that comes later than that starts a new run, so what a
 * person types never becomes a scan, and a scan that follows a person's typing is still recognised.
 */
export const WEDGE_MAX_GAP_MS = 35;
export const WEDGE_MIN_LENGTH = 6;

export type WedgeOptions = { maxGapMs?: number; minLength?: number };

export class WedgeDetector {
  private run = '';
  private last = -Infinity;
  private readonly maxGapMs: number;
  private readonly minLength: number;

  constructor(options: WedgeOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? WEDGE_MAX_GAP_MS;
    this.minLength = options.minLength ?? WEDGE_MIN_LENGTH;
  }

  /**
   * One key, at `at` milliseconds: a printed character (or GS, which some scanners send for FNC1) joins
   * the run; Enter ends it. Answers the scanned code when Enter ends a run fast and long enough.
   */
  key(key: string, at: number): string | null {
    const inTime = at - this.last <= this.maxGapMs;
    this.last = at;
    if (key === 'Enter') {
      const code = inTime && this.run.length >= this.minLength ? this.run : null;
      this.run = '';
      return code;
    }
    if (key.length !== 1) return null;
    this.run = inTime ? this.run + key : key;
    return null;
  }

  /** Whether the keys so far look like a scan in progress (its Enter is then not the form's). */
  get scanning() {
    return this.run.length >= this.minLength;
  }

  reset() {
    this.run = '';
    this.last = -Infinity;
  }
}
