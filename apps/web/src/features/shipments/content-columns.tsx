import { lotLabel } from '@mandira/contract/lots';
import type { ShipmentContentLine, ShipmentLot } from '@mandira/contract/shipments';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatNumber } from '../../lib/format/format.ts';
import { ItemStatusBadge } from '../../lib/orders/order-status-badges.tsx';

/** 'Depo-1: 38 · Depo-2: 10': where the pieces on the truck came from. */
export function contentWarehousesText(line: ShipmentContentLine, separator = ' · '): string {
  return line.warehouseLoads
    .filter((load) => load.quantity > 0)
    .map((load) => `${load.warehouseLabel}: ${formatNumber(load.quantity)}`)
    .join(separator);
}

/**
 * '2611-A (SKT 05.12.2026): 8 · SKT yok: 4': the lots the pieces came from, earliest expiry first. A lot is
 * one lot in every warehouse, so its pieces from each are added up.
 */
export function contentLotsText(line: ShipmentContentLine, separator = ' · '): string {
  const lots = new Map<number, ShipmentLot>();
  for (const lot of line.warehouseLoads.flatMap((load) => load.lots)) {
    const seen = lots.get(lot.id);
    lots.set(lot.id, seen ? { ...seen, quantity: seen.quantity + lot.quantity } : lot);
  }
  return [...lots.values()]
    .sort((a, b) => (a.expiryDate ?? '9999').localeCompare(b.expiryDate ?? '9999') || a.id - b.id)
    .map((lot) => `${lotLabel(lot)}: ${formatNumber(lot.quantity)}`)
    .join(separator);
}

/** What is on the truck, order by order: buyer, product and its lots, pieces, boxes, warehouses. */
export const CONTENT_COLUMNS: DataTableColumn<ShipmentContentLine>[] = [
  {
    id: 'orderNumber',
    header: 'Sipariş',
    value: (line) => line.orderNumber,
    render: (line) => (
      <Text fz="sm" fw={700}>
        {line.orderNumber}
      </Text>
    ),
    noWrap: true,
  },
  {
    id: 'buyer',
    header: 'Müşteri',
    value: (line) => line.buyer.title,
    searchValue: (line) => [line.buyer.title, line.buyer.code],
    render: (line) => (
      <>
        <Text fz="sm">{line.buyer.title}</Text>
        <Text fz="xs" c="dimmed">
          {line.buyer.code}
        </Text>
      </>
    ),
    minWidth: 150,
  },
  {
    // The lots go under the product, not in a column of their own: the verdict buttons stay in view on a
    // laptop screen.
    id: 'product',
    header: 'Ürün / Parti',
    value: (line) => line.productName,
    exportValue: (line) => [line.productName, contentLotsText(line)].filter(Boolean).join(' — '),
    searchValue: (line) => [line.productName, line.stockCode, line.barcode, contentLotsText(line)],
    render: (line) => (
      <>
        <Text fz="sm" fw={600}>
          {line.productName}
        </Text>
        <Text fz="xs" c="dimmed">
          {[line.stockCode, line.barcode].filter(Boolean).join(' · ')}
        </Text>
        <Text fz="xs" style={{ whiteSpace: 'pre-line' }} data-testid="content-lots">
          {contentLotsText(line, '\n')}
        </Text>
      </>
    ),
    minWidth: 150,
  },
  {
    id: 'pieces',
    header: 'Adet',
    value: (line) => line.pieces,
    render: (line) => formatNumber(line.pieces),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'boxes',
    header: 'Koli',
    value: (line) => line.boxes,
    render: (line) => formatNumber(line.boxes),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'warehouses',
    header: 'Depolar',
    value: (line) => contentWarehousesText(line),
    // One warehouse a line: the table keeps its buttons in view on a laptop screen.
    render: (line) => (
      <Text fz="sm" style={{ whiteSpace: 'pre-line' }} data-testid="content-warehouses">
        {contentWarehousesText(line, '\n')}
      </Text>
    ),
    noWrap: true,
  },
  {
    id: 'status',
    header: 'Durum',
    value: (line) => line.itemStatusDetail.label,
    render: (line) => <ItemStatusBadge status={line.itemStatusDetail} />,
    // 'Yükleme Onaylandı' in full.
    minWidth: 165,
  },
];
