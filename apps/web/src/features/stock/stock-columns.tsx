import type { ProductItem } from '@mandira/contract/products';
import { storageFormOf } from '@mandira/contract/products';
import type { WarehouseName } from '@mandira/contract/stock';
import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatPieces } from './stock-format.ts';

type Column = DataTableColumn<ProductItem>;

export const stockCodeColumn: Column = {
  id: 'stockCode',
  header: 'Stok Kodu',
  value: (item) => item.stockCode,
  noWrap: true,
};
export const barcodeColumn: Column = {
  id: 'barcode',
  header: 'Barkod',
  value: (item) => item.barcode,
  noWrap: true,
};
export const packagingColumn: Column = {
  id: 'packaging',
  header: 'Ambalaj',
  value: storageFormOf,
  minWidth: 100,
};

/** Pieces with boxes under them, as the stock tables show a quantity. */
export function PiecesCell({
  pieces,
  quantityInBox,
  c,
}: {
  pieces: number;
  quantityInBox: number;
  c?: string;
}) {
  return (
    <>
      <Text fz="sm" fw={600} c={c}>
        {formatPieces(pieces)}
      </Text>
      {quantityInBox > 0 && pieces > 0 && (
        <Text fz="xs" c="dimmed">
          {formatPieces(Math.trunc(pieces / quantityInBox))} koli
        </Text>
      )}
    </>
  );
}

export const totalStockColumn: Column = {
  id: 'totalStockQuantity',
  header: 'Toplam Stok',
  value: (item) => item.totalStockQuantity,
  render: (item) => <PiecesCell pieces={item.totalStockQuantity} quantityInBox={item.quantityInBox} />,
  align: 'right',
  noWrap: true,
};

const quantityIn = (item: ProductItem, warehouse: WarehouseName) =>
  item.stocks.find((line) => line.warehouseId === warehouse.id)?.quantity;

/**
 * 'Stok Yönetimi': stock code, name, barcode, packaging, the total and one column per
 * warehouse. A warehouse's figure opens that item's movements in that warehouse.
 */
export function stockManagementColumns(
  warehouses: readonly WarehouseName[],
  onOpenHistory: (item: ProductItem, warehouse: WarehouseName) => void,
): Column[] {
  return [
    stockCodeColumn,
    {
      id: 'name',
      header: 'Ürün Adı',
      value: (item) => item.name,
      render: (item) => (
        <Text fz="sm" fw={600}>
          {item.name}
        </Text>
      ),
      minWidth: 140,
    },
    barcodeColumn,
    packagingColumn,
    // Before the warehouses, so it is in view however many of them scroll sideways.
    totalStockColumn,
    ...warehouses.map(
      (warehouse): Column => ({
        id: `warehouse-${warehouse.id}`,
        header: warehouse.label,
        value: (item) => quantityIn(item, warehouse) ?? null,
        render: (item) => {
          const pieces = quantityIn(item, warehouse);
          if (pieces === undefined) return '';
          return (
            <UnstyledButton
              onClick={() => onOpenHistory(item, warehouse)}
              title="Stok hareketlerini göster"
              style={{ textAlign: 'right' }}
            >
              <PiecesCell pieces={pieces} quantityInBox={item.quantityInBox} c="mandira.8" />
              {/* Named by the figure it shows, then what it opens (WCAG 2.5.3). */}
              <VisuallyHidden>{`${item.name} ${warehouse.label} stok hareketleri`}</VisuallyHidden>
            </UnstyledButton>
          );
        },
        align: 'right',
        noWrap: true,
        minWidth: 76,
      }),
    ),
  ];
}
