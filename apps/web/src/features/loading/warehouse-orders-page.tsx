import {
  ORDER_ITEM_STATUS_LABELS,
  type OrderItemStatus,
  orderItemMachine,
  WAREHOUSE_ITEM_STATUSES,
} from '@mandira/contract/order-machines';
import type { Order } from '@mandira/contract/orders';
import { Badge, Button, CloseButton, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveMarks } from '../../api/live/live-updates.tsx';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { formatCount, formatNumber } from '../../lib/format/format.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { fetchAllWarehouseOrders, useWarehouseOrders } from './api.ts';
import { BulkStepBar, useBulkSteps, useRowSelection } from './bulk-step-bar.tsx';
import { LoadModal, type LoadTarget } from './load-modal.tsx';
import { isInPreparation, type PreparedCounts } from './prepare-count.ts';
import { PrepareScanModal } from './prepare-scan-modal.tsx';
import { selectableItemColumns, type WarehouseRow } from './warehouse-item-columns.tsx';
import { useWarehouseSteps, type WarehouseAction, warehouseActionsOf } from './warehouse-steps.ts';

/** The item statuses the warehouse sees: its own flow, and what it has loaded until shipping accepts it. */
const WAREHOUSE_STATUSES: readonly string[] = [...WAREHOUSE_ITEM_STATUSES, 'LOADED_TO_TRUCK_FROM_WAREHOUSE'];

/** Orders per page; the table shows their items in the warehouse flow, one row each. */
const PAGE_SIZE = 25;

const rowsOf = (orders: readonly Order[], only?: OrderItemStatus): WarehouseRow[] =>
  orders.flatMap((order) =>
    order.orderItems
      .filter((item) =>
        only
          ? item.statusDescription.name === only
          : WAREHOUSE_STATUSES.includes(item.statusDescription.name),
      )
      .map((item) => ({ order, item })),
  );

/** `?itemStatus=` (Ana Sayfa's card): the rows of one warehouse status; an unknown one is ignored. */
function itemStatusFromUrl(params: URLSearchParams): OrderItemStatus | undefined {
  const status = params.get('itemStatus');
  return status && WAREHOUSE_STATUSES.includes(status) ? (status as OrderItemStatus) : undefined;
}

/** '12 sipariş · 22 kalem': the rows are items, the server's total counts orders. */
function countOf(
  shown: readonly WarehouseRow[],
  pages: { totalPages: number; count: number; countCapped?: boolean } | undefined,
) {
  const orders = new Set(shown.map(({ order }) => order.id)).size;
  const here = `${formatNumber(orders)} sipariş · ${formatNumber(shown.length)} kalem`;
  return pages && pages.totalPages > 1 ? `Bu sayfada ${here} · toplam ${formatCount(pages)} sipariş` : here;
}

const BUTTON_LOOK: Partial<Record<WarehouseAction, { variant: string; color?: string }>> = {
  LOAD_ITEM_TO_TRUCK: { variant: 'filled', color: 'violet' },
  LOADED_TO_TRUCK_FROM_WAREHOUSE: { variant: 'filled', color: 'teal' },
  LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY: { variant: 'light', color: 'orange' },
  SEND_BACK_FROM_WAREHOUSE: { variant: 'light', color: 'red' },
};

/**
 * 'Depo Sipariş Yönetimi': the items of the orders in the warehouse, one row each, with
 * the steps the contract's item machine allows: prepare, start loading, load onto a truck, finish
 * (all or part) or send back. The steps that ask for nothing but the item may also be taken on the
 * selected rows at once (decision 142). The server pages the orders; a step refetches the page shown.
 */
export default function WarehouseOrdersPage() {
  const [page, setPage] = useState(1);
  const [searchParams, setSearchParams] = useSearchParams();
  const only = itemStatusFromUrl(searchParams);
  const orders = useWarehouseOrders(page, PAGE_SIZE);
  const steps = useWarehouseSteps();
  const isMarked = useLiveMarks();
  const [loading, setLoading] = useState<LoadTarget | null>(null);
  // The order being prepared by scanning, and the boxes counted per item: kept while the screen is
  // open, so the panel closed and opened again goes on counting.
  const [preparing, setPreparing] = useState<Order | null>(null);
  const [prepared, setPrepared] = useState<PreparedCounts>({});
  const preparingNow = preparing && (orders.data?.orders.find(({ id }) => id === preparing.id) ?? preparing);
  const rows = useMemo(() => orders.data && rowsOf(orders.data.orders, only), [orders.data, only]);
  const selection = useRowSelection(rows);
  const bulk = useBulkSteps(selection.clear);
  const busy = steps.submitting || bulk.submitting;
  // The selection is of the page shown: another page starts with none.
  const turnPage = (next: number) => {
    setPage(next);
    selection.clear();
  };
  const columns = useMemo(
    () => selectableItemColumns({ ...selection, disabled: bulk.submitting }),
    [selection, bulk.submitting],
  );
  const totalPages = orders.data?.totalPages;
  // A step may move the last order of the last page out of the warehouse: show the new last page.
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  return (
    <>
      <PageHeader
        title="Depo Sipariş Yönetimi"
        description="Depodaki siparişleri hazırlayın, sevkiyat araçlarına yükleyin"
      />
      {only && (
        <Badge
          size="lg"
          variant="light"
          mb="sm"
          style={{ textTransform: 'none' }}
          data-testid="item-status-filter"
          rightSection={
            <CloseButton
              size="xs"
              aria-label="Durum filtresini kaldır"
              onClick={() => setSearchParams({}, { replace: true })}
            />
          }
        >
          Durum: {ORDER_ITEM_STATUS_LABELS[only]}
        </Badge>
      )}
      <BulkStepBar selection={selection} step={bulk} busy={steps.submitting} />
      <DataTable
        name="depo-siparisleri"
        columns={columns}
        describeCount={(shown) => countOf(shown, orders.data)}
        data={rows}
        getRowId={(row) => row.item.id}
        isRowChanged={({ order, item }) => isMarked('order_item', item.id) || isMarked('order', order.id)}
        loading={orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        // As the server pages: newest first, so the order numbers fall from page to page.
        initialSort={[{ id: 'order', desc: true }]}
        // The row checkboxes take 30 px of the order column: the status labels keep their room.
        minWidth={1030}
        emptyMessage={only ? 'Bu durumda kalem yok' : 'Depoda bekleyen sipariş yok'}
        pagination={serverPaging(orders.data, page, turnPage)}
        exportRows={async () => rowsOf(await fetchAllWarehouseOrders(), only)}
        rowActions={({ order, item }) => (
          // One above the other: the table keeps its figures in view on a laptop screen; 8 px apart so
          // a finger does not press 'Depoya geri gönder' for its neighbour (decision 158).
          <Stack gap={8} align="stretch">
            {isInPreparation(item) && (
              <Button size="compact-sm" variant="light" disabled={busy} onClick={() => setPreparing(order)}>
                Okutarak Hazırla
              </Button>
            )}
            {warehouseActionsOf(order, item).map((action) => (
              <Button
                key={action}
                size="compact-sm"
                {...(BUTTON_LOOK[action] ?? { variant: 'filled' })}
                disabled={busy}
                onClick={() =>
                  action === 'LOAD_ITEM_TO_TRUCK'
                    ? setLoading({ order, item })
                    : void steps.run(order, item, action)
                }
              >
                {orderItemMachine.actionLabel(action)}
              </Button>
            ))}
          </Stack>
        )}
      />
      <LoadModal target={loading} onClose={() => setLoading(null)} />
      <PrepareScanModal
        order={preparingNow}
        counts={prepared}
        onCountsChange={setPrepared}
        onClose={() => setPreparing(null)}
      />
    </>
  );
}
