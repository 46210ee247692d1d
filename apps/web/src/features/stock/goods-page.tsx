import type { ProductItem } from '@mandira/contract/products';
import { ActionIcon, Button, Stack, Tooltip } from '@mantine/core';
import { IconClipboardCheck, IconHistory, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchAllProductItems } from '../../api/product-item-pages.ts';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { useSearchPaging } from '../../lib/data-table/use-search-paging.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import {
  type ItemFilters,
  usePackagingGroups,
  useStockItemPage,
  useWarehouseNames,
  useWarehouseStockTypes,
} from './api.ts';
import { COMPACT_GOODS_COLUMNS, GOODS_COLUMNS } from './goods-columns.tsx';
import { ALL, ALL_FILTERS, GoodsFilters } from './goods-filters.tsx';
import { GoodsModal } from './goods-modal.tsx';
import { GoodsPageScan, type ScannedGoods } from './goods-page-scan.tsx';
import { LotsModal } from './lots-modal.tsx';
import type { GoodsKind } from './stock-changes.ts';
import { StockCountModal } from './stock-count-modal.tsx';
import { type HistoryTarget, StockHistoryModal } from './stock-history-modal.tsx';

/** The title of the count modal. */
const COUNT_TITLE = 'Mal Sayım Stok Düzenleme';

/**
 * 'Mal Giris Cikis Yonetimi' and its '-2' copy: one page, the copy with a reduced table
 * and no stock columns.
 */
function GoodsPage({ compact }: { compact: boolean }) {
  const [filters, setFilters] = useState<ItemFilters>(ALL_FILTERS);
  const paging = useSearchPaging();
  const items = useStockItemPage(filters, paging.q, paging.page);
  const stockTypes = useWarehouseStockTypes();
  const warehouses = useWarehouseNames();
  const groups = usePackagingGroups();
  const [goods, setGoods] = useState<{ item: ProductItem; kind: GoodsKind } | ScannedGoods | null>(null);
  const [counting, setCounting] = useState<ProductItem | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [lotsOf, setLotsOf] = useState<ProductItem | null>(null);
  const modalOpen = goods !== null || counting !== null || history !== null || lotsOf !== null;

  return (
    <>
      <PageHeader
        title={compact ? 'Mal Giriş Çıkış (Sade)' : 'Mal Giriş Çıkış Yönetimi'}
        description="Depolara mal girişi, depolardan mal çıkışı ve sayım düzeltmesi"
      />
      <Stack gap="md">
        <GoodsPageScan
          onPick={setGoods}
          listen={!modalOpen}
          warehouseName={filters.warehouseName === ALL ? undefined : filters.warehouseName}
        />
        <GoodsFilters
          value={filters}
          onChange={(changed) => {
            setFilters(changed);
            paging.firstPage();
          }}
          stockTypes={stockTypes.data}
          warehouses={warehouses.data}
          groups={groups.data}
        />
        <DataTable
          name={compact ? 'mal-giris-cikis-sade' : 'mal-giris-cikis'}
          columns={compact ? COMPACT_GOODS_COLUMNS : GOODS_COLUMNS}
          initialSort={[{ id: 'name', desc: false }]}
          data={items.data?.items}
          getRowId={(item) => item.id}
          pagination={serverPaging(items.data, paging.page, paging.setPage)}
          onSearch={paging.onSearch}
          exportRows={() => fetchAllProductItems({ ...filters, q: paging.q })}
          loading={items.isPending || items.isPlaceholderData}
          error={items.error}
          onRetry={() => void items.refetch()}
          minWidth={compact ? 700 : 1000}
          rowActions={(item) => (
            <>
              <Button size="compact-sm" color="teal" onClick={() => setGoods({ item, kind: 'import' })}>
                Mal Giriş
              </Button>
              <Button size="compact-sm" color="orange" onClick={() => setGoods({ item, kind: 'export' })}>
                Mal Çıkış
              </Button>
              <Tooltip label="Sayım">
                <ActionIcon variant="light" aria-label="Sayım" onClick={() => setCounting(item)}>
                  <IconClipboardCheck size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Partiler">
                <ActionIcon
                  variant="light"
                  color="gray"
                  aria-label={`${item.name} partileri`}
                  onClick={() => setLotsOf(item)}
                >
                  <IconStack2 size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Stok Hareketleri">
                <ActionIcon
                  variant="light"
                  color="gray"
                  aria-label={`${item.name} stok hareketleri`}
                  onClick={() => setHistory({ item })}
                >
                  <IconHistory size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        />
      </Stack>
      <GoodsModal target={goods} filters={filters} onClose={() => setGoods(null)} />
      <StockCountModal
        item={counting}
        filters={filters}
        title={COUNT_TITLE}
        onClose={() => setCounting(null)}
      />
      <StockHistoryModal target={history} onClose={() => setHistory(null)} />
      <LotsModal item={lotsOf} onClose={() => setLotsOf(null)} />
    </>
  );
}

export default function GoodsInOutPage() {
  return <GoodsPage compact={false} />;
}

export function CompactGoodsInOutPage() {
  return <GoodsPage compact />;
}
