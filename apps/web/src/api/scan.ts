import type { ScanAnswer } from '@mandira/contract/scan';
import { apiQuery } from './query.ts';

export const SCAN_KEY = ['scan'] as const;

/** `GET /api/scan` of one code (docs/domain/scanning.md). */
export const scanQuery = (code: string) =>
  apiQuery<ScanAnswer>([...SCAN_KEY, code], `/scan?code=${encodeURIComponent(code)}`);
