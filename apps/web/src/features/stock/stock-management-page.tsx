import type { ProductItem } from '@mandira/contract/products';
import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { IconClipboardCheck, IconStack2 } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { fetchAllProductItems } from '../../api/product-item-pages.ts';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { useSearchPaging } from '../../lib/data-table/use-search-paging.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import {
  type ItemFilters,
  NO_FILTERS,
  usePackagingGroups,
  useStockItemPage,
  useWarehouseNames,
} from './api.ts';
import { LotsModal } from './lots-modal.tsx';
import { PackagingGroupButtons } from './packaging-group-buttons.tsx';
import { stockManagementColumns } from './stock-columns.tsx';
import { StockCountModal } from './stock-count-modal.tsx';
import { type HistoryTarget, StockHistoryModal } from './stock-history-modal.tsx';

/** 'Stok Yönetimi': stock per warehouse, its movements, and counts. */
export default function StockManagementPage() {
  const [filters, setFilters] = useState<ItemFilters>(NO_FILTERS);
  const paging = useSearchPaging();
  const items = useStockItemPage(filters, paging.q, paging.page);
  const groups = usePackagingGroups();
  const warehouses = useWarehouseNames();
  const [counting, setCounting] = useState<ProductItem | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [lotsOf, setLotsOf] = useState<ProductItem | null>(null);

  const columns = useMemo(
    () => stockManagementColumns(warehouses.data ?? [], (item, warehouse) => setHistory({ item, warehouse })),
    [warehouses.data],
  );

  return (
    <>
      <PageHeader
        title="Stok Yönetimi"
        description="Depolardaki stoklar; bir deponun miktarına tıklayınca o depodaki hareketler açılır"
      />
      <Stack gap="md">
        <PackagingGroupButtons
          groups={groups.data}
          value={filters.packagingGroup}
          onChange={(packagingGroup) => {
            setFilters({ ...filters, packagingGroup });
            paging.firstPage();
          }}
        />
        <DataTable
          name="stok-yonetimi"
          columns={columns}
          data={warehouses.data ? items.data?.items : undefined}
          getRowId={(item) => item.id}
          pagination={serverPaging(items.data, paging.page, paging.setPage)}
          onSearch={paging.onSearch}
          exportRows={() => fetchAllProductItems({ ...filters, q: paging.q })}
          loading={items.isPending || warehouses.isPending || items.isPlaceholderData}
          error={items.error ?? warehouses.error ?? groups.error}
          onRetry={() => void Promise.all([items.refetch(), warehouses.refetch(), groups.refetch()])}
          initialSort={[{ id: 'stockCode', desc: false }]}
          minWidth={640 + 90 * (warehouses.data?.length ?? 4)}
          scrollHint={`${warehouses.data?.length ?? 0} depo: sağdaki depolar için tabloyu yana kaydırın`}
          rowActions={(item) => (
            <>
              <Button
                size="compact-sm"
                variant="light"
                color="gray"
                leftSection={<IconStack2 size={14} />}
                onClick={() => setLotsOf(item)}
              >
                Partiler
                {/* The visible word first, then whose lots (WCAG 2.5.3). */}
                <VisuallyHidden>{` ${item.name}`}</VisuallyHidden>
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconClipboardCheck size={14} />}
                onClick={() => setCounting(item)}
              >
                Sayım
              </Button>
            </>
          )}
        />
      </Stack>
      <StockCountModal
        item={counting}
        filters={filters}
        title="Stok Sayımı"
        onClose={() => setCounting(null)}
      />
      <StockHistoryModal target={history} onClose={() => setHistory(null)} />
      <LotsModal item={lotsOf} onClose={() => setLotsOf(null)} />
    </>
  );
}
