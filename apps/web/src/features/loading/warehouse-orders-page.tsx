import { orderItemMachine, WAREHOUSE_ITEM_STATUSES } from '@mandira/contract/order-machines';
import type { Order } from '@mandira/contract/orders';
import { Button, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLiveMarks } from '../../api/live/live-updates.tsx';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { fetchAllWarehouseOrders, useWarehouseOrders } from './api.ts';
import { LoadModal, type LoadTarget } from './load-modal.tsx';
import { WAREHOUSE_ITEM_COLUMNS, type WarehouseRow } from './warehouse-item-columns.tsx';
import { useWarehouseSteps, type WarehouseAction, warehouseActionsOf } from './warehouse-steps.ts';

/** The item statuses the warehouse sees: its own flow, and what it has loaded until shipping accepts it. */
const WAREHOUSE_STATUSES: readonly string[] = [...WAREHOUSE_ITEM_STATUSES, 'LOADED_TO_TRUCK_FROM_WAREHOUSE'];

/** Orders per page; the table shows their items in the warehouse flow, one row each. */
const PAGE_SIZE = 25;

const rowsOf = (orders: readonly Order[]): WarehouseRow[] =>
  orders.flatMap((order) =>
    order.orderItems
      .filter((item) => WAREHOUSE_STATUSES.includes(item.statusDescription.name))
      .map((item) => ({ order, item })),
  );

const BUTTON_LOOK: Partial<Record<WarehouseAction, { variant: string; color?: string }>> = {
  LOAD_ITEM_TO_TRUCK: { variant: 'filled', color: 'violet' },
  LOADED_TO_TRUCK_FROM_WAREHOUSE: { variant: 'filled', color: 'teal' },
  LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY: { variant: 'light', color: 'orange' },
  SEND_BACK_FROM_WAREHOUSE: { variant: 'light', color: 'red' },
};

/**
 * 'Depo Sipariş Yönetimi': the items of the orders in the warehouse, one row each, with
 * the steps the contract's item machine allows: prepare, start loading, load onto a truck, finish
 * (all or part) or send back. The server pages the orders; a step refetches the page shown.
 */
export default function WarehouseOrdersPage() {
  const [page, setPage] = useState(1);
  const orders = useWarehouseOrders(page, PAGE_SIZE);
  const steps = useWarehouseSteps();
  const isMarked = useLiveMarks();
  const [loading, setLoading] = useState<LoadTarget | null>(null);
  const rows = useMemo(() => orders.data && rowsOf(orders.data.orders), [orders.data]);
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
      <DataTable
        name="depo-siparisleri"
        columns={WAREHOUSE_ITEM_COLUMNS}
        data={rows}
        getRowId={(row) => row.item.id}
        isRowChanged={({ order, item }) => isMarked('order_item', item.id) || isMarked('order', order.id)}
        loading={orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        // As the server pages: newest first, so the order numbers fall from page to page.
        initialSort={[{ id: 'order', desc: true }]}
        minWidth={1000}
        emptyMessage="Depoda bekleyen sipariş yok"
        pagination={serverPaging(orders.data, page, setPage)}
        exportRows={async () => rowsOf(await fetchAllWarehouseOrders())}
        rowActions={({ order, item }) => (
          // One above the other: the table keeps its figures in view on a laptop screen.
          <Stack gap={4} align="stretch">
            {warehouseActionsOf(order, item).map((action) => (
              <Button
                key={action}
                size="compact-sm"
                {...(BUTTON_LOOK[action] ?? { variant: 'filled' })}
                disabled={steps.submitting}
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
    </>
  );
}
