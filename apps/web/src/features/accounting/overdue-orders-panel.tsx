import { OVERDUE_ORDERS_LIMIT, type OverdueOrder } from '@mandira/contract/accounting';
import { Button, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { formatDate, formatMoney } from '../../lib/format/format.ts';
import { useOverdueOrders } from './api.ts';

const money = (
  id: string,
  header: string,
  value: (order: OverdueOrder) => number,
): DataTableColumn<OverdueOrder> => ({
  id,
  header,
  value,
  render: (order) => formatMoney(value(order)),
  searchValue: (order) => formatMoney(value(order)),
  exportValue: (order) => value(order),
  align: 'right',
  noWrap: true,
});

const COLUMNS: DataTableColumn<OverdueOrder>[] = [
  { id: 'orderNumber', header: 'Sipariş No', value: (order) => order.orderNumber, noWrap: true },
  { id: 'buyerCode', header: 'Müşteri Kodu', value: (order) => order.buyerCode, noWrap: true },
  { id: 'buyerTitle', header: 'Müşteri', value: (order) => order.buyerTitle },
  {
    id: 'plannedShipmentDate',
    header: 'Planlanan Sevk Tarihi',
    value: (order) => order.plannedShipmentDate,
    render: (order) => formatDate(order.plannedShipmentDate),
    exportValue: (order) => formatDate(order.plannedShipmentDate),
    noWrap: true,
  },
  money('dealtTotal', 'Sipariş Tutarı', (order) => order.dealtTotal),
  money('settled', 'Ödenen', (order) => order.settled),
  money('openAmount', 'Açık Tutar', (order) => order.openAmount),
];

/**
 * The orders past their planned shipment date with an open balance, the longest overdue first
 * (docs/domain/my-work.md): the list behind Ana Sayfa's card; each opens its buyer's account.
 */
export function OverdueOrdersPanel({ onOpenBuyer }: { onOpenBuyer: (buyerId: number) => void }) {
  const overdue = useOverdueOrders();
  return (
    <Stack gap="xs" data-testid="overdue-orders">
      <Text fz="sm" c="dimmed">
        Sevk tarihi geçmiş, ödemesi açık siparişler (en eski önce, en fazla{' '}
        {OVERDUE_ORDERS_LIMIT.toLocaleString('tr-TR')}). Ödeme almak için müşterinin hesabını açın.
      </Text>
      <DataTable
        name="odemesi-geciken-siparisler"
        columns={COLUMNS}
        data={overdue.data}
        getRowId={(order) => order.orderId}
        loading={overdue.isPending}
        error={overdue.error}
        onRetry={() => void overdue.refetch()}
        initialSort={[{ id: 'plannedShipmentDate', desc: false }]}
        emptyMessage="Ödemesi geciken sipariş yok"
        minWidth={960}
        rowActions={(order) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconListDetails size={14} />}
            onClick={() => onOpenBuyer(order.buyerId)}
          >
            Hesabı Aç
          </Button>
        )}
      />
    </Stack>
  );
}
