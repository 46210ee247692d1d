import * as scan from '@mandira/contract/operations/scan';
import { operationQuery } from './query.ts';

export const SCAN_KEY = ['scan'] as const;

/** `resolveScan` of one code (docs/domain/scanning.md). */
export const scanQuery = (code: string) => operationQuery(SCAN_KEY, scan.resolveScan, { query: { code } });
