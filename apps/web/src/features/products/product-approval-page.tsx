import type { PendingProductItem } from '@mandira/contract/products';
import { Badge, Button } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { formatDateTime } from '../../lib/format/format.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { usePendingItems } from './api.ts';
import { ApproveModal } from './approve-modal.tsx';

const COLUMNS: DataTableColumn<PendingProductItem>[] = [
  { id: 'stockCode', header: 'Stok Kodu', value: (p) => p.stockCode, noWrap: true },
  { id: 'name', header: 'Ürün Adı', value: (p) => p.name },
  { id: 'barcode', header: 'Barkod', value: (p) => p.barcode, noWrap: true },
  {
    id: 'kind',
    header: 'Durum',
    value: (p) => (p.isNew ? 'Yeni ürün' : `Değişiklik (${p.changes.length} alan)`),
    render: (p) =>
      p.isNew ? (
        <Badge color="teal" variant="light">
          Yeni ürün
        </Badge>
      ) : (
        <Badge color="orange" variant="light">
          Değişiklik ({p.changes.length} alan)
        </Badge>
      ),
  },
  {
    id: 'receivedAt',
    header: 'ERP’den Geliş',
    value: (p) => new Date(p.receivedAt),
    exportValue: (p) => formatDateTime(p.receivedAt),
    render: (p) => formatDateTime(p.receivedAt),
    noWrap: true,
  },
];

/** 'Ürün Onay Sayfası': the ERP's new and changed items, each defined with 'Ürünü Tanımla'. */
export default function ProductApprovalPage() {
  const pending = usePendingItems();
  const [approving, setApproving] = useState<number>();
  return (
    <>
      <PageHeader
        title="Ürün Onay Sayfası"
        description="ERP'den gelen yeni ve değişen ürünler; tanımlanan ürün listeden düşer"
      />
      <DataTable
        name="onay-bekleyen-urunler"
        columns={COLUMNS}
        data={pending.data}
        getRowId={(p) => p.id}
        loading={pending.isPending}
        error={pending.error}
        onRetry={() => void pending.refetch()}
        emptyMessage="Onay bekleyen ürün yok"
        rowActions={(p) => (
          <Button size="xs" leftSection={<IconCircleCheck size={14} />} onClick={() => setApproving(p.id)}>
            Ürünü Tanımla
          </Button>
        )}
      />
      <ApproveModal pendingId={approving} onClose={() => setApproving(undefined)} />
    </>
  );
}
