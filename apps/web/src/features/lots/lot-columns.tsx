import { UNDATED_LOT_LABEL } from '@mandira/contract/lots';
import type { LotLoad, LotSummary } from '@mandira/contract/lots-answers';
import { Badge, Text } from '@mantine/core';
import { type DataTableColumn, EXCEL_FORMATS } from '../../lib/data-table/column.ts';
import { formatDateTime, formatNumber, spreadsheetDate } from '../../lib/format/format.ts';

/** Pieces with Turkish grouping: '1.250'. */
export const formatPieces = (pieces: number) => formatNumber(pieces, 0);

/** A calendar day 'YYYY-MM-DD' as GG.AA.YYYY, without time-zone arithmetic. */
export const dayText = (day: string | null) => (day ? day.split('-').reverse().join('.') : '');

/** 'Süresi geçti', '3 gün kaldı', 'Bugün son gün', or nothing for the undated lot. */
export function daysLeftText(lot: Pick<LotSummary, 'daysLeft' | 'expired'>): string {
  if (lot.daysLeft === null) return '';
  if (lot.expired) return `Süresi geçti (${formatPieces(-lot.daysLeft)} gün)`;
  return lot.daysLeft === 0 ? 'Bugün son gün' : `${formatPieces(lot.daysLeft)} gün kaldı`;
}

/** Expired red, within a week orange, later green. */
const expiryColor = (lot: Pick<LotSummary, 'daysLeft' | 'expired'>) =>
  lot.daysLeft === null ? 'gray' : lot.expired ? 'red' : lot.daysLeft <= 7 ? 'orange' : 'teal';

type LotColumn = DataTableColumn<LotSummary>;

export const LOT_COLUMNS: readonly LotColumn[] = [
  {
    id: 'code',
    header: 'Parti Kodu',
    value: (lot) => lot.code || UNDATED_LOT_LABEL,
    render: (lot) => (
      <Text fz="sm" fw={600}>
        {lot.code || UNDATED_LOT_LABEL}
      </Text>
    ),
    noWrap: true,
  },
  {
    id: 'item',
    header: 'Ürün',
    value: (lot) => `${lot.item.stockCode} - ${lot.item.name}`,
    minWidth: 180,
  },
  {
    id: 'expiryDate',
    header: 'Son Kullanma Tarihi',
    // 'YYYY-MM-DD' sorts by day; the undated lot last.
    value: (lot) => lot.expiryDate ?? '9999-12-31',
    render: (lot) => dayText(lot.expiryDate) || UNDATED_LOT_LABEL,
    exportValue: (lot) => dayText(lot.expiryDate) || UNDATED_LOT_LABEL,
    noWrap: true,
  },
  {
    id: 'daysLeft',
    header: 'Kalan Süre',
    value: (lot) => lot.daysLeft ?? Number.MAX_SAFE_INTEGER,
    render: (lot) => (
      <Text fz="sm" fw={600} c={`${expiryColor(lot)}.8`}>
        {daysLeftText(lot)}
      </Text>
    ),
    exportValue: (lot) => daysLeftText(lot) || null,
    noWrap: true,
  },
  {
    id: 'productionDate',
    header: 'Üretim Tarihi',
    value: (lot) => lot.productionDate ?? '',
    render: (lot) => dayText(lot.productionDate),
    exportValue: (lot) => dayText(lot.productionDate) || null,
    noWrap: true,
  },
  {
    id: 'onHand',
    header: 'Eldeki (adet)',
    value: (lot) => lot.onHand,
    render: (lot) => formatPieces(lot.onHand),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'warehouses',
    header: 'Depolar',
    value: (lot) =>
      lot.warehouses.map((stock) => `${stock.warehouse.label}: ${formatPieces(stock.quantity)}`).join(', '),
    minWidth: 140,
  },
];

type LoadColumn = DataTableColumn<LotLoad>;

export const LOAD_COLUMNS: readonly LoadColumn[] = [
  {
    id: 'buyer',
    header: 'Müşteri',
    value: (load) => `${load.buyer.title} (${load.buyer.code})`,
    minWidth: 180,
  },
  { id: 'phone', header: 'Telefon', value: (load) => load.buyer.phone, noWrap: true },
  {
    id: 'deliveryPoint',
    header: 'Teslimat Noktası',
    value: (load) => (load.deliveryPoint ? `${load.deliveryPoint.title} (${load.deliveryPoint.code})` : '—'),
    minWidth: 150,
  },
  { id: 'orderNumber', header: 'Sipariş No', value: (load) => load.order.orderNumber, align: 'right' },
  { id: 'product', header: 'Satış Ürünü', value: (load) => load.orderItem.productName, minWidth: 150 },
  { id: 'shipment', header: 'Sevkiyat', value: (load) => load.shipment.code, noWrap: true },
  { id: 'shipmentStatus', header: 'Sevkiyat Durumu', value: (load) => load.shipment.status.label },
  { id: 'warehouse', header: 'Çıkış Deposu', value: (load) => load.warehouse.label, noWrap: true },
  {
    id: 'loadedAt',
    header: 'Yükleme Tarihi',
    value: (load) => load.loadedAt,
    render: (load) => formatDateTime(load.loadedAt),
    exportValue: (load) => spreadsheetDate(load.loadedAt),
    excelFormat: EXCEL_FORMATS.dateTime,
    searchValue: (load) => formatDateTime(load.loadedAt),
    noWrap: true,
  },
  {
    id: 'pieces',
    header: 'Adet',
    value: (load) => load.pieces,
    render: (load) => formatPieces(load.pieces),
    align: 'right',
  },
  {
    id: 'delivered',
    header: 'Teslim',
    value: (load) => load.delivered,
    render: (load) => (
      <Badge color={load.delivered ? 'teal' : 'gray'} variant="light" tt="none">
        {load.delivered ? 'Teslim edildi' : 'Teslim edilmedi'}
      </Badge>
    ),
    exportValue: (load) => (load.delivered ? 'Teslim edildi' : 'Teslim edilmedi'),
    noWrap: true,
  },
];
