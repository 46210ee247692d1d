import type { ScanAnswer } from '@mandira/contract/scan';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { scanQuery } from '../../api/scan.ts';

/** A box scanned again within a minute names the same item; an item renamed is seen after that. */
const SCAN_STALE_MS = 60_000;

/** What `resolveScan` says of a code; nothing is asked while the code is empty. */
export function useScan(code: string | null | undefined) {
  const trimmed = code?.trim() ?? '';
  return useQuery({ ...scanQuery(trimmed), enabled: trimmed !== '', staleTime: SCAN_STALE_MS });
}

/** Resolves a code when it is scanned (an event, not a render), through the same cache as `useScan`. */
export function useResolveScan(): (code: string) => Promise<ScanAnswer> {
  const queryClient = useQueryClient();
  return useCallback(
    (code: string) => queryClient.fetchQuery({ ...scanQuery(code.trim()), staleTime: SCAN_STALE_MS }),
    [queryClient],
  );
}
