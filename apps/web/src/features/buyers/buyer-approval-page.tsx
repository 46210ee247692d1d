import type { PendingBuyer } from '@mandira/contract/buyers';
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { usePendingBuyers } from './api.ts';
import { ApproveBuyerModal } from './approve-buyer-modal.tsx';
import { Pager } from './pager.tsx';
import { pageFromParam } from './pager-window.ts';

const COLUMNS: DataTableColumn<PendingBuyer>[] = [
  {
    id: 'title',
    header: 'Ünvan',
    value: (p) => p.title,
    minWidth: 240,
    render: (p) => (
      <Group gap={6}>
        <Text fz="sm" fw={600}>
          {p.title}
        </Text>
        {!p.isNew && (
          <Badge color="orange" variant="light" size="sm">
            {p.changes.length} alan değişti
          </Badge>
        )}
      </Group>
    ),
  },
  { id: 'code', header: 'Müşteri Kodu', value: (p) => p.code, noWrap: true },
  { id: 'fullName', header: 'Ad Soyad', value: (p) => [p.name, p.surname].filter(Boolean).join(' ') },
  { id: 'email', header: 'E-posta', value: (p) => p.email },
  { id: 'phone', header: 'Telefon', value: (p) => p.phone1, noWrap: true },
];

const KINDS = [
  { value: 'true', label: 'Yeni Müşteriler' },
  { value: 'false', label: 'Değişen Kayıtlar' },
];

/**
 * 'Müşteri Onay Sayfası': the ERP's new or changed buyers, a page of 20 at a time. The page
 * and the filter live in the address (`?isNew=true&page=2`), so reload and back keep them.
 */
export default function BuyerApprovalPage() {
  const [params, setParams] = useSearchParams();
  const isNew = params.get('isNew') !== 'false';
  const page = pageFromParam(params.get('page'));
  const pending = usePendingBuyers(isNew, page);
  const [approving, setApproving] = useState<PendingBuyer>();
  const totalPages = pending.data?.totalPages ?? 0;

  const show = (next: { isNew?: boolean; page?: number }, replace = false) =>
    setParams({ isNew: String(next.isNew ?? isNew), page: String(next.page ?? page) }, { replace });

  // The last record of the last page approved: step back to the page that still exists.
  useEffect(() => {
    if (!pending.isPlaceholderData && totalPages > 0 && page > totalPages) show({ page: totalPages }, true);
  });

  return (
    <>
      <PageHeader
        title="Müşteri Onay Sayfası"
        description="ERP'den gelen yeni ve değişen müşteri kayıtları; onaylanan kayıt listeden düşer"
      />
      <Stack gap="md">
        <Group justify="space-between">
          <SegmentedControl
            data={KINDS}
            value={String(isNew)}
            onChange={(value) => show({ isNew: value === 'true', page: 1 })}
          />
          {pending.data && (
            <Text fz="sm" c="dimmed" data-testid="pending-count">
              {pending.data.count} kayıt onay bekliyor
            </Text>
          )}
        </Group>
        <DataTable
          name="onay-bekleyen-musteriler"
          columns={COLUMNS}
          data={pending.data?.buyers}
          getRowId={(p) => p.id}
          loading={pending.isPending}
          error={pending.error}
          onRetry={() => void pending.refetch()}
          emptyMessage={isNew ? 'Onay bekleyen yeni müşteri yok' : 'Onay bekleyen değişiklik yok'}
          minWidth={900}
          rowActions={(p) => (
            <Button size="xs" leftSection={<IconCircleCheck size={14} />} onClick={() => setApproving(p)}>
              Onayla
            </Button>
          )}
        />
        {totalPages > 0 && (
          <Pager page={page} totalPages={totalPages} onChange={(next) => show({ page: next })} />
        )}
      </Stack>
      <ApproveBuyerModal pending={approving} onClose={() => setApproving(undefined)} />
    </>
  );
}
