import { describe, expect, it } from 'vitest';
import { LONGEST_RETRY_MS, retryDelay } from './backoff.ts';

describe('retryDelay', () => {
  it('waits 1 s after the first failure, doubling to 30 s and staying there', () => {
    const noJitter = () => 0;
    expect(Array.from({ length: 9 }, (_, failures) => retryDelay(failures, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelay(5_000, noJitter)).toBe(LONGEST_RETRY_MS);
  });

  it('shortens each wait by at most a fifth, so tabs do not come back all at once', () => {
    expect(retryDelay(0, () => 0.999_999)).toBe(800);
    expect(retryDelay(3, () => 0.5)).toBe(7_200);
    expect(retryDelay(10, () => 0.999_999)).toBe(24_000);
  });
});
