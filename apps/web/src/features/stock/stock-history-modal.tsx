import type { ProductItem } from '@mandira/contract/products';
import type { WarehouseName } from '@mandira/contract/stock';
import { Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { exportStockHistory, type HistoryFilters, useStockHistoryPage } from './api.ts';
import { ITEM_HISTORY_COLUMNS } from './history-columns.tsx';
import { piecesAndBoxes } from './stock-format.ts';

const PAGE_SIZE = 20;

export type HistoryTarget = { item: ProductItem; warehouse?: WarehouseName };

/** 'Stok Hareketleri': the movements of one item, in one warehouse or all, newest first. */
export function StockHistoryModal({
  target,
  onClose,
}: {
  target: HistoryTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} size="80rem" title="Stok Hareketleri">
      {target && <ItemHistory key={`${target.item.id}-${target.warehouse?.id}`} {...target} />}
    </Modal>
  );
}

function ItemHistory({ item, warehouse }: HistoryTarget) {
  const [page, setPage] = useState(1);
  const filters: HistoryFilters = { productItemId: item.id, warehouseId: warehouse?.id };
  const history = useStockHistoryPage(filters, page, PAGE_SIZE);
  const line = warehouse ? item.stocks.find((stock) => stock.warehouseId === warehouse.id) : undefined;
  const onHand = line ? line.quantity : item.totalStockQuantity;
  return (
    <Stack gap="sm">
      <Group justify="space-between" data-testid="history-subject">
        <div>
          <Text fw={600}>
            {item.stockCode} - {item.name}
          </Text>
          <Text fz="sm" c="dimmed">
            {warehouse ? warehouse.label : 'Tüm depolar'}
          </Text>
        </div>
        <Text fz="sm">
          Mevcut stok: <b>{piecesAndBoxes(onHand, item.quantityInBox)}</b>
        </Text>
      </Group>
      <DataTable
        name={`stok-hareketleri-${item.stockCode}${warehouse ? `-${warehouse.name}` : ''}`}
        columns={ITEM_HISTORY_COLUMNS}
        data={history.data?.entries}
        getRowId={(entry) => entry.id}
        loading={history.isPending || history.isPlaceholderData}
        error={history.error}
        onRetry={() => void history.refetch()}
        emptyMessage="Bu ürün için stok hareketi bulunamadı"
        minWidth={900}
        pagination={serverPaging(history.data, page, setPage)}
        exportRows={() => exportStockHistory(filters)}
      />
    </Stack>
  );
}
