import type { ProductItem } from '@mandira/contract/products';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { barcodeColumn, packagingColumn } from './stock-columns.tsx';
import { formatPieces } from './stock-format.ts';
import { WarehouseStockList } from './warehouse-stock-list.tsx';

type Column = DataTableColumn<ProductItem>;

/**
 * A warehouse's stock is written with the warehouse's name as every other screen shows it ('Depo-1 :
 * 703'), not its number, since created warehouses have names of their own.
 */
export function warehouseStockLines(item: ProductItem): string[] {
  return item.stocks.map((line) => `${line.wareHouse.label} : ${formatPieces(line.quantity)}`);
}

const nameAndCode: Column = {
  id: 'name',
  header: 'Ürün Adı / Stok Kodu',
  value: (item) => item.name,
  render: (item) => (
    <div>
      <Text fz="sm" fw={600}>
        {item.name}
      </Text>
      <Text fz="xs" c="dimmed" ff="monospace">
        {item.stockCode}
      </Text>
    </div>
  ),
  searchValue: (item) => [item.name, item.stockCode],
  exportValue: (item) => `${item.name} (${item.stockCode})`,
  minWidth: 150,
};

const warehouseStocks: Column = {
  id: 'stocks',
  header: 'Depo Stokları',
  value: (item) => warehouseStockLines(item).join(', '),
  render: (item) =>
    item.stocks.length === 0 ? (
      <Text fz="sm" c="dimmed">
        Stok bilgisi yok
      </Text>
    ) : (
      <WarehouseStockList item={item} />
    ),
  sortable: false,
  minWidth: 170,
};

const totalStock: Column = {
  id: 'totalStockQuantity',
  header: 'Toplam Stok',
  value: (item) => item.totalStockQuantity,
  render: (item) => (
    <Text fz="sm" fw={600}>
      {formatPieces(item.totalStockQuantity)}
    </Text>
  ),
  align: 'right',
  noWrap: true,
};

const approximateBoxes: Column = {
  id: 'boxQuantity',
  header: 'Yaklaşık Koli',
  value: (item) => (item.quantityInBox > 0 ? item.boxQuantity : null),
  render: (item) => (item.quantityInBox > 0 ? `~${formatPieces(item.boxQuantity)}` : '—'),
  align: 'right',
  // The header may take two lines: the width goes to the warehouse list.
  minWidth: 70,
};

/** The goods table; the '-2' screen keeps only what identifies the item. */
export const GOODS_COLUMNS: Column[] = [
  nameAndCode,
  barcodeColumn,
  { ...packagingColumn, header: 'Ambalaj Şekli' },
  warehouseStocks,
  approximateBoxes,
  totalStock,
];
export const COMPACT_GOODS_COLUMNS: Column[] = [
  nameAndCode,
  barcodeColumn,
  { ...packagingColumn, header: 'Ambalaj Şekli' },
];
