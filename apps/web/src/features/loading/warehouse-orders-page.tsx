import { orderItemMachine } from '@mandira/contract/order-machines';
import { Button, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/page-header.tsx';
import { useWarehouseOrders } from './api.ts';
import { LoadModal, type LoadTarget } from './load-modal.tsx';
import { WAREHOUSE_ITEM_COLUMNS, type WarehouseRow } from './warehouse-item-columns.tsx';
import { useWarehouseSteps, type WarehouseAction, warehouseActionsOf } from './warehouse-steps.ts';

/** The item statuses the warehouse sees: its own flow, and what it has loaded until shipping accepts it. */
const WAREHOUSE_STATUSES: readonly string[] = [
  'WAITING_FOR_WAREHOUSE_OPERATION',
  'PREPARING',
  'PREPARED_WAITING_FOR_LOADING',
  'LOADING',
  'LOADED_TO_TRUCK_FROM_WAREHOUSE',
];

const BUTTON_LOOK: Partial<Record<WarehouseAction, { variant: string; color?: string }>> = {
  LOAD_ITEM_TO_TRUCK: { variant: 'filled', color: 'violet' },
  LOADED_TO_TRUCK_FROM_WAREHOUSE: { variant: 'filled', color: 'teal' },
  LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY: { variant: 'light', color: 'orange' },
  SEND_BACK_FROM_WAREHOUSE: { variant: 'light', color: 'red' },
};

/**
 * 'Depo Sipariş Yönetimi' (spec §2, §4): the items of the orders in the warehouse, one row each, with
 * the steps the contract's item machine allows: prepare, start loading, load onto a truck, finish
 * (all or part) or send back.
 */
export default function WarehouseOrdersPage() {
  const orders = useWarehouseOrders();
  const steps = useWarehouseSteps();
  const [loading, setLoading] = useState<LoadTarget | null>(null);
  const rows = useMemo(
    () =>
      orders.data?.flatMap((order): WarehouseRow[] =>
        order.orderItems
          .filter((item) => WAREHOUSE_STATUSES.includes(item.statusDescription.name))
          .map((item) => ({ order, item })),
      ),
    [orders.data],
  );

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
        loading={orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        initialSort={[{ id: 'order', desc: false }]}
        minWidth={1000}
        emptyMessage="Depoda bekleyen sipariş yok"
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
