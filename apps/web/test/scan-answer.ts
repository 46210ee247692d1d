import { emptyScan } from '@mandira/contract/gs1';
import type { ScanAnswer } from '@mandira/contract/scan';
import { vi } from 'vitest';

/**
 * A `/api/scan` answer as the server sends it: by default a code that names nothing and carries no
 * GS1 data; `overrides` say what the test's code names or carries.
 */
export const scanAnswer = (overrides: Partial<ScanAnswer> = {}): ScanAnswer => {
  const { text, ...nothingCarried } = emptyScan('', 'EAN_13');
  return { ...nothingCarried, code: text, matchedBy: null, item: null, products: [], ...overrides };
};

/**
 * Answers `/api/scan?code=…` with `answers[code]` (and any other request with `others`, when given),
 * as the server's envelope wraps it. Undo with `vi.unstubAllGlobals()`.
 */
export function serveScans(answers: Record<string, ScanAnswer>, others?: (url: URL) => Response | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://portal');
      return (
        others?.(parsed) ??
        Response.json({ success: true, data: answers[parsed.searchParams.get('code') ?? ''] })
      );
    }),
  );
}
