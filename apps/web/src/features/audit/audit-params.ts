import { AuditQuery } from '@mandira/contract/audit';
import type { AuditFilters } from '../../api/audit.ts';

const FILTER_KEYS = ['entityType', 'entityId', 'actorId', 'action', 'from', 'to'] as const;

/**
 * The screen's filters and page from its address (`?entityType=ORDER&entityId=12&page=2`), so a link
 * opens it filtered and reload and back keep it. A value the server would refuse is left out one by one,
 * through the contract's own schema, instead of failing the whole list.
 */
export function auditViewOf(params: URLSearchParams): { filters: AuditFilters; page: number } {
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const parsed = AuditQuery.shape[key].safeParse(params.get(key) ?? undefined);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  const page = AuditQuery.shape.page.safeParse(params.get('page') ?? undefined);
  return { filters: filters as AuditFilters, page: (page.success && page.data) || 1 };
}

/** The address of the filters and page; the first page is left out, so a filtered link stays short. */
export function auditParamsOf(filters: AuditFilters, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  if (page > 1) params.page = String(page);
  return params;
}
