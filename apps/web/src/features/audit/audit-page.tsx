import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AuditFilters,
  fetchAllAuditEntries,
  useAuditChainCheck,
  useAuditPage,
} from '../../api/audit.ts';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { AuditChainButton, AuditChainResult } from './audit-chain-check.tsx';
import { AUDIT_COLUMNS } from './audit-columns.tsx';
import { AuditFilterBar } from './audit-filter-bar.tsx';
import { auditParamsOf, auditViewOf } from './audit-params.ts';

/**
 * 'İşlem Geçmişi': who did what on which record, newest first. The server filters and pages the
 * trail; the filters and the page live in the address, so a record's 'Geçmiş' drawer links here
 * filtered (`?entityType=ORDER&entityId=12`) and reload and back keep them. Excel takes every entry
 * the filters match. 'Denetim Kaydını Doğrula' checks that no entry was changed outside the portal.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = auditViewOf(params);
  const trail = useAuditPage(filters, page);
  const chainCheck = useAuditChainCheck();
  const totalPages = trail.data?.totalPages ?? 0;

  const show = (next: AuditFilters, nextPage: number, replace = false) =>
    setParams(auditParamsOf(next, nextPage), { replace });

  // A page past the end (an old link) shows the last page that exists.
  useEffect(() => {
    if (!trail.isPlaceholderData && totalPages > 0 && page > totalPages) show(filters, totalPages, true);
  });

  return (
    <>
      <PageHeader
        title="İşlem Geçmişi"
        description="Kim, ne zaman, hangi kayıtta ne yaptı; en yeni işlem en üstte"
        actions={<AuditChainButton check={chainCheck} />}
      />
      <Stack gap="sm">
        <AuditChainResult check={chainCheck} />
        <AuditFilterBar value={filters} onChange={(next) => show({ ...filters, ...next }, 1)} />
        <DataTable
          name="islem-gecmisi"
          columns={AUDIT_COLUMNS}
          data={trail.data?.content}
          getRowId={(entry) => entry.id}
          loading={trail.isPending || trail.isPlaceholderData}
          error={trail.error}
          onRetry={() => void trail.refetch()}
          emptyMessage="Bu filtreye uyan işlem yok"
          minWidth={1000}
          pagination={serverPaging(trail.data, page, (next) => show(filters, next))}
          exportRows={() => fetchAllAuditEntries(filters)}
        />
      </Stack>
    </>
  );
}
