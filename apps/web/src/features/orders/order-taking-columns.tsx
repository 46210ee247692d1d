import type { Product } from '@mandira/contract/sellable-products';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatMoney, formatNumber } from '../../lib/format/format.ts';
import { NetPrice, netPriceOf } from '../../lib/orders/net-price.tsx';

type Column = DataTableColumn<Product>;

const pieces = (id: keyof Product & `${string}Count`, header: string): Column => ({
  id,
  header,
  value: (product) => product[id],
  render: (product) => formatNumber(product[id] as number),
  align: 'right',
  noWrap: true,
});

/**
 * The product table of the order screen: figures in pieces (the page says so once, so the
 * ten columns fit beside the menu at 1366 px), availability in boxes and pieces.
 */
export const orderTakingColumns: Column[] = [
  {
    id: 'stockCode',
    // A no-break space: squeezed beside the menu, the header would wrap before the codes do.
    header: 'Stok\u00a0Kodu',
    value: (product) => product.stockCode,
    noWrap: true,
  },
  { id: 'barcode', header: 'Barkod', value: (product) => product.barcode, noWrap: true },
  {
    id: 'name',
    header: 'Ürün Adı',
    value: (product) => product.name,
    exportValue: (product) => `${product.name} (koli içi ${product.quantityInsideBox} adet)`,
    render: (product) => (
      <>
        <Text fz="sm" fw={600}>
          {product.name}
        </Text>
        <Text fz="xs" c="dimmed">
          Koli içi {formatNumber(product.quantityInsideBox)} adet
        </Text>
      </>
    ),
    minWidth: 130,
  },
  {
    // The price the basket charges (decision 105): net, with the list price and discount beside it.
    id: 'price',
    header: 'Birim Fiyat',
    value: (product) => netPriceOf(product),
    render: (product) => <NetPrice price={product.price} discount={product.discount} />,
    exportValue: (product) => netPriceOf(product),
    searchValue: (product) => `${formatMoney(netPriceOf(product))} ${formatMoney(product.price)}`,
    align: 'right',
    noWrap: true,
  },
  pieces('warehouseStockCount', 'Depoda'),
  pieces('waitingInBasketStockCount', 'Sepette'),
  pieces('waitingInOrderStockCount', 'Siparişte'),
  {
    id: 'available',
    header: 'Kullanılabilir',
    value: (product) => product.availableStockCount,
    exportValue: (product) => product.availableStockCount,
    render: (product) => {
      // A goods-out below what is promised leaves it negative, shown in red
      // (docs/domain/products-and-reservations.md).
      const short = product.availableStockCount < 0;
      return (
        <>
          <Text fz="sm" fw={600} c={short ? 'red' : undefined} data-testid="available-boxes">
            {formatNumber(product.availableBoxCount)} koli
          </Text>
          <Text fz="xs" c={short ? 'red' : 'dimmed'} data-testid="available-pieces">
            {formatNumber(product.availableStockCount)} adet
          </Text>
        </>
      );
    },
    align: 'right',
    noWrap: true,
  },
];
