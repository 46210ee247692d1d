import type { Order, OrderColor, OrderItem } from '@mandira/contract/orders';
import { Box, Checkbox, ColorSwatch, Group, Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDate, formatNumber } from '../../lib/format/format.ts';
import { ORDER_COLOR_SWATCH } from '../../lib/orders/order-colors.ts';
import { ItemStatusBadge } from '../../lib/orders/order-status-badges.tsx';

/** One line of the warehouse's work list: an item with the order it belongs to. */
export type WarehouseRow = { order: Order; item: OrderItem };

/** Pieces with the whole boxes they make, as the warehouse counts them. */
function Pieces({ pieces, perBox, testId }: { pieces: number; perBox: number; testId?: string }) {
  return (
    <>
      <Text fz="sm" data-testid={testId}>
        {formatNumber(pieces)} adet
      </Text>
      {perBox > 0 && (
        <Text fz="xs" c="dimmed">
          {formatNumber(Math.floor(pieces / perBox))} koli
        </Text>
      )}
    </>
  );
}

/** 'Depo-1: 12 · Depo-2: 6': the warehouses the loaded pieces came from, over every shipment. */
export function warehouseLoadsText(item: OrderItem, separator = ' · '): string {
  const pieces = new Map<string, number>();
  for (const load of item.warehouseLoads) {
    pieces.set(load.warehouseLabel, (pieces.get(load.warehouseLabel) ?? 0) + load.quantity);
  }
  return [...pieces]
    .filter(([, quantity]) => quantity > 0)
    .map(([label, quantity]) => `${label}: ${formatNumber(quantity)}`)
    .join(separator);
}

export const WAREHOUSE_ITEM_COLUMNS: DataTableColumn<WarehouseRow>[] = [
  {
    id: 'order',
    header: 'Sipariş',
    value: ({ order }) => order.orderNumber,
    searchValue: ({ order }) => [order.orderNumber, formatDate(order.plannedShipmentDate)],
    render: ({ order }) => (
      <>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch
            size={12}
            color={order.colorGroup ? ORDER_COLOR_SWATCH[order.colorGroup as OrderColor] : 'transparent'}
            title={order.colorGroupDescription?.label ?? 'Renk etiketi yok'}
          />
          <Text fz="sm" fw={700}>
            {order.orderNumber}
          </Text>
        </Group>
        {order.plannedShipmentDate && (
          <Text fz="xs" c="dimmed" title="Planlanan sevkiyat tarihi">
            {formatDate(order.plannedShipmentDate)}
          </Text>
        )}
      </>
    ),
    noWrap: true,
  },
  {
    id: 'buyer',
    header: 'Müşteri',
    value: ({ order }) => order.buyer.title,
    searchValue: ({ order }) => [order.buyer.title, order.buyer.code, order.buyerBranchDescription?.title],
    render: ({ order }) => (
      <>
        <Text fz="sm">{order.buyer.title}</Text>
        <Text fz="xs" c="dimmed">
          {[order.buyer.code, order.buyerBranchDescription?.title].filter(Boolean).join(' · ')}
        </Text>
      </>
    ),
    minWidth: 150,
  },
  {
    id: 'product',
    header: 'Ürün',
    value: ({ item }) => item.productName,
    searchValue: ({ item }) => [item.productName, item.stockCode, item.barcode],
    render: ({ item }) => (
      <>
        <Text fz="sm" fw={600}>
          {item.productName}
        </Text>
        <Text fz="xs" c="dimmed">
          {[item.stockCode, item.stockHoldingText].filter(Boolean).join(' · ')}
        </Text>
      </>
    ),
    minWidth: 150,
  },
  {
    id: 'status',
    header: 'Durum',
    value: ({ item }) => item.statusDescription.label,
    render: ({ item }) => <ItemStatusBadge status={item.statusDescription} />,
    // The longest label, 'Hazırlandı, Yükleme Bekliyor', in full.
    minWidth: 215,
  },
  {
    id: 'quantity',
    header: 'Miktar',
    value: ({ item }) => item.quantity,
    render: ({ item }) => <Pieces pieces={item.quantity} perBox={item.quantityInBox} />,
    align: 'right',
    noWrap: true,
  },
  {
    id: 'loaded',
    header: 'Yüklenen',
    value: ({ item }) => item.loadedQuantity,
    render: ({ item }) => (
      <>
        <Text fz="sm" data-testid="loaded-pieces">
          {formatNumber(item.loadedQuantity)} adet
        </Text>
        <Text fz="xs" c="dimmed" data-testid="warehouse-loads" style={{ whiteSpace: 'pre-line' }}>
          {warehouseLoadsText(item, '\n')}
        </Text>
      </>
    ),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'remaining',
    header: 'Kalan',
    value: ({ item }) => item.remainingQuantity,
    render: ({ item }) => (
      <Pieces pieces={item.remainingQuantity} perBox={item.quantityInBox} testId="remaining-pieces" />
    ),
    align: 'right',
    noWrap: true,
  },
];

/** The rows the clerk picks for one step together (decision 142); `disabled` while it runs. */
type RowSelection = {
  isSelectable: (row: WarehouseRow) => boolean;
  isSelected: (row: WarehouseRow) => boolean;
  toggle: (row: WarehouseRow) => void;
  disabled: boolean;
};

/**
 * The columns with a checkbox before the order number of each row that may take a step together with
 * others: the order column stays the pinned first one (decision 107).
 */
export function selectableItemColumns(selection: RowSelection): DataTableColumn<WarehouseRow>[] {
  const [order, ...rest] = WAREHOUSE_ITEM_COLUMNS;
  return [
    {
      ...order!,
      render: (row) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {selection.isSelectable(row) ? (
            <Checkbox
              aria-label={`Seç: sipariş ${row.order.orderNumber}, ${row.item.productName}`}
              checked={selection.isSelected(row)}
              onChange={() => selection.toggle(row)}
              disabled={selection.disabled}
              data-testid="select-item"
            />
          ) : (
            // Keeps the order numbers of all rows in one line.
            <Box w={20} />
          )}
          <div>{order!.render!(row)}</div>
        </Group>
      ),
    },
    ...rest,
  ];
}
