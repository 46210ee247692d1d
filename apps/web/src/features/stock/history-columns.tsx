import { lotLabel } from '@mandira/contract/lots';
import { INBOUND_TYPE_LABELS, OUTBOUND_TYPE_LABELS, type StockHistoryEntry } from '@mandira/contract/stock';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDateTime } from '../../lib/format/format.ts';
import { changeFromTo, formatPieces, signedPiecesAndBoxes } from './stock-format.ts';

type Column = DataTableColumn<StockHistoryEntry>;

/** Goods-in green, goods-out orange, counts blue: the kind reads before the label does. */
const actionColor = (action: string) =>
  action in INBOUND_TYPE_LABELS ? 'teal' : action in OUTBOUND_TYPE_LABELS ? 'orange' : 'blue';
const changeColor = (change: number) => (change > 0 ? 'teal.8' : change < 0 ? 'red.8' : 'dimmed');

const productName: Column = {
  id: 'productItemName',
  header: 'Ürün Adı',
  // An item no longer known shows its number.
  value: (entry) => entry.productItemName ?? `#${entry.productItemId}`,
  render: (entry) => (
    <div>
      <Text fz="sm" fw={600}>
        {entry.productItemName ?? `#${entry.productItemId}`}
      </Text>
      {entry.stockCode && (
        <Text fz="xs" c="dimmed">
          {entry.stockCode}
        </Text>
      )}
    </div>
  ),
  searchValue: (entry) => [entry.productItemName ?? `#${entry.productItemId}`, entry.stockCode],
  minWidth: 150,
};
const warehouse: Column = {
  id: 'warehouse',
  header: 'Depo',
  value: (entry) => entry.wareHouse.label,
  noWrap: true,
};
const action: Column = {
  id: 'action',
  header: 'İşlem Tipi',
  value: (entry) => entry.action.label,
  render: (entry) => (
    <Text fz="sm" fw={600} c={`${actionColor(entry.action.name)}.8`}>
      {entry.action.label}
    </Text>
  ),
  noWrap: true,
};
/** The lot the pieces moved in or out of: its code and SKT, or 'SKT yok'; none on rows from before lots. */
const lot: Column = {
  id: 'lot',
  header: 'Parti',
  value: (entry) => (entry.lot ? lotLabel(entry.lot) : ''),
  render: (entry) =>
    entry.lot ? (
      <Text
        fz="sm"
        ff={entry.lot.expiryDate ? 'monospace' : undefined}
        c={entry.lot.expiryDate ? undefined : 'dimmed'}
      >
        {lotLabel(entry.lot)}
      </Text>
    ) : (
      ''
    ),
  noWrap: true,
};
const notes: Column = { id: 'notes', header: 'Açıklama', value: (entry) => entry.notes, minWidth: 120 };
const change: Column = {
  id: 'quantityChange',
  header: 'Miktar Değişimi',
  value: (entry) => entry.quantityChange,
  render: (entry) => (
    <Text fz="sm" fw={600} c={changeColor(entry.quantityChange)}>
      {signedPiecesAndBoxes(entry.quantityChange, entry.quantityInBox)}
    </Text>
  ),
  align: 'right',
  noWrap: true,
};
const date: Column = {
  id: 'createdAt',
  header: 'Tarih',
  // The ISO text (with Istanbul's offset) sorts by time; the cell reads tr-TR.
  value: (entry) => entry.createdAt,
  render: (entry) => formatDateTime(entry.createdAt),
  exportValue: (entry) => formatDateTime(entry.createdAt),
  noWrap: true,
};
const createdBy: Column = {
  id: 'createdBy',
  header: 'İşlemi Yapan',
  value: (entry) => entry.createdBy,
  noWrap: true,
};

/** 'Stok Geçmişi'. */
export const HISTORY_COLUMNS: Column[] = [
  productName,
  warehouse,
  lot,
  action,
  notes,
  change,
  {
    id: 'quantityAfterChange',
    header: 'Son Stok Miktarı',
    value: (entry) => entry.quantityAfterChange,
    render: (entry) => formatPieces(entry.quantityAfterChange),
    align: 'right',
    noWrap: true,
  },
  date,
  createdBy,
];

/** The movements of one item, in the history modals: change in boxes and from → to. */
export const ITEM_HISTORY_COLUMNS: Column[] = [
  action,
  change,
  {
    id: 'fromTo',
    header: 'Değişim',
    value: (entry) => entry.quantityAfterChange,
    render: (entry) => changeFromTo(entry.quantityChange, entry.quantityAfterChange),
    exportValue: (entry) => changeFromTo(entry.quantityChange, entry.quantityAfterChange),
    align: 'right',
    noWrap: true,
  },
  warehouse,
  lot,
  date,
  notes,
  createdBy,
];
