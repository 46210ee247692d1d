import {
  AUDIT_PAGE_MAX,
  type AuditEntityType,
  type AuditEntry,
  type AuditQuery,
} from '@mandira/contract/audit';
import type { AuditChainCheck } from '@mandira/contract/audit-chain';
import * as audit from '@mandira/contract/operations/audit';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { ApiRequestError, callApi, unwrap } from './client.ts';
import { fetchEveryPage } from './every-page.ts';
import { operationKey, operationQuery } from './query.ts';

/** Every audit list's key starts here, so the live layer can reload them all with one invalidation. */
export const AUDIT_KEY = ['audit'] as const;

/** The filters of the trail: what `listAuditEntries` takes beside page and size. */
export type AuditFilters = Omit<AuditQuery, 'page' | 'size'>;

export const AUDIT_SCREEN_PAGE_SIZE = 50;
export const AUDIT_DRAWER_PAGE_SIZE = 20;
/** The Excel file holds at most this many entries; a larger set is narrowed by the filters first. */
export const AUDIT_EXPORT_LIMIT = 20_000;

const auditPage = (filters: AuditFilters, page: number, size: number) => ({
  query: { ...filters, page, size },
});

/** One page of the entries matching the filters, newest first, with their count (paged by the server). */
export function useAuditPage(filters: AuditFilters, page: number) {
  return useQuery({
    ...operationQuery(AUDIT_KEY, audit.listAuditEntries, auditPage(filters, page, AUDIT_SCREEN_PAGE_SIZE)),
    // Another page or filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** One record's trail, newest first, a page at a time ("Daha fazla" asks for the next). */
export function useRecordTrail(target: Pick<AuditFilters, 'entityType' | 'entityId'> | null) {
  const filters: AuditFilters = { entityType: target?.entityType, entityId: target?.entityId };
  return useInfiniteQuery({
    queryKey: operationKey([...AUDIT_KEY, 'trail'], audit.listAuditEntries, { query: filters }),
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        callApi(audit.listAuditEntries, auditPage(filters, pageParam, AUDIT_DRAWER_PAGE_SIZE), { signal }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled: target !== null,
  });
}

/**
 * Every entry matching the filters, page by page, for the Excel file. Above AUDIT_EXPORT_LIMIT nothing
 * is exported and the user is told to narrow the filters: a file is never cut silently.
 */
export function fetchAllAuditEntries(filters: AuditFilters): Promise<AuditEntry[]> {
  return fetchEveryPage(
    (page) => callApi(audit.listAuditEntries, auditPage(filters, page, AUDIT_PAGE_MAX)),
    (answer) => {
      // The first page already tells the whole count: nothing more is read for a file that would be refused.
      if (answer.count > AUDIT_EXPORT_LIMIT) {
        throw new ApiRequestError({
          code: 'VALIDATION',
          message: `Filtreye uyan ${answer.count.toLocaleString('tr-TR')} kayıt var; Excel en fazla ${AUDIT_EXPORT_LIMIT.toLocaleString('tr-TR')} kayıt alır. Filtreyi daraltın.`,
        });
      }
      return { rows: answer.content, totalPages: answer.totalPages };
    },
  );
}

/**
 * The filters' pickers: records of one kind whose name contains the search (users are records of kind
 * USER), and the chosen one by its number, so a filter opened from a link shows its name. Asks
 * nothing while no kind is chosen.
 */
export function useAuditRecordChoices(
  entityType: AuditEntityType | undefined,
  search: string,
  chosen?: number,
) {
  const q = search.trim();
  // Without a kind nothing is asked (`enabled`): the kind in the query only completes its key.
  const kind = entityType ?? 'USER';
  const matches = useQuery({
    ...operationQuery(AUDIT_KEY, audit.searchAuditRecords, {
      query: { entityType: kind, q: q || undefined },
    }),
    enabled: entityType !== undefined,
    placeholderData: keepPreviousData,
  });
  const picked = useQuery({
    ...operationQuery(AUDIT_KEY, audit.searchAuditRecords, { query: { entityType: kind, id: chosen } }),
    enabled: entityType !== undefined && chosen !== undefined,
  });
  const choices = new Map<number, string>();
  for (const one of [...(picked.data ?? []), ...(matches.data ?? [])]) choices.set(one.id, one.name);
  return { choices, loading: matches.isFetching || picked.isFetching };
}

/**
 * 'Denetim Kaydını Doğrula': the server walks the trail's hash chain and names its first broken entry.
 * A mutation, not a query: it runs when asked, and its answer is never kept as if it stayed true.
 */
export function useAuditChainCheck() {
  return useMutation<AuditChainCheck, ApiRequestError>({
    mutationFn: () => unwrap(callApi(audit.verifyAuditChain)),
  });
}
