import type { Product } from '@mandira/contract/sellable-products';
import { Text, Tooltip, VisuallyHidden } from '@mantine/core';
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
    // The price the basket charges (decision 105): net, with the list price and discount beside it. It is
    // a piece's price while the basket is filled in boxes, so the header says so.
    id: 'price',
    header: 'Adet Fiyatı',
    value: (product) => netPriceOf(product),
    render: (product) => <NetPrice price={product.price} discount={product.discount} />,
    exportValue: (product) => netPriceOf(product),
    searchValue: (product) => `${formatMoney(netPriceOf(product))} ${formatMoney(product.price)}`,
    align: 'right',
    noWrap: true,
  },
  pieces('warehouseStockCount', 'Depoda'),
  // Every buyer's baskets draw on the same pieces, not only the chosen buyer's.
  pieces('waitingInBasketStockCount', 'Sepette (tüm müşteriler)'),
  pieces('waitingInOrderStockCount', 'Siparişte'),
  {
    id: 'available',
    header: 'Kullanılabilir',
    value: (product) => product.availableStockCount,
    exportValue: (product) => product.availableStockCount,
    render: (product) => <Available product={product} />,
    align: 'right',
    noWrap: true,
  },
];

/** 'Süresi geçmiş: 12 adet': pieces on hand in lots past their expiry date, never promised. */
export const expiredText = (product: Product) =>
  `Süresi geçmiş: ${formatNumber(product.expiredStockCount)} adet`;

/**
 * Pieces the other products sharing an item hold: on hand less the expired pieces less this product's own
 * demand less what is still available. 0 when nothing is shared, or when a bundle's rounding leaves
 * nothing to explain.
 */
export function heldByOthers(product: Product): number {
  if (product.sharingProductCount === 0) return 0;
  const own = product.waitingInBasketStockCount + product.waitingInOrderStockCount;
  return Math.max(
    0,
    product.warehouseStockCount - product.expiredStockCount - own - product.availableStockCount,
  );
}

/**
 * Available boxes and pieces. Expired pieces are on hand (Depoda) but never available, so the cell says how
 * many (decision 155). Where an item is shared with other products, their baskets and orders are deducted
 * from the same pieces (docs/domain/products-and-reservations.md), so Depoda − Sepette − Siparişte is not
 * what is left: the cell names what else was deducted, and a tooltip says why.
 */
function Available({ product }: { product: Product }) {
  // A goods-out or an expiry below what is promised leaves it negative, shown in red.
  const short = product.availableStockCount < 0;
  const others = heldByOthers(product);
  const figures = (
    <>
      <Text fz="sm" fw={600} c={short ? 'red' : undefined} data-testid="available-boxes">
        {formatNumber(product.availableBoxCount)} koli
      </Text>
      <Text fz="xs" c={short ? 'red' : 'dimmed'} data-testid="available-pieces">
        {formatNumber(product.availableStockCount)} adet
      </Text>
      {product.expiredStockCount > 0 && (
        <Text fz="xs" c="red.8" data-testid="expired-pieces">
          {expiredText(product)}
        </Text>
      )}
    </>
  );
  if (product.sharingProductCount === 0) return figures;
  const sharing = `Bu ürünün stok kalemi ${formatNumber(product.sharingProductCount)} başka ürünle ortak`;
  const explanation =
    others > 0
      ? `${sharing}: onların sepet ve siparişleri için ayrılan ${formatNumber(others)} adet de düşüldü.`
      : `${sharing}; şu an diğer ürünler için ayrılan adet yok.`;
  return (
    <Tooltip label={explanation} multiline w={280} withArrow>
      <div data-testid="available-shared">
        {figures}
        <Text fz="xs" c="orange.9" data-testid="held-by-others">
          {others > 0 ? `ortak stok: −${formatNumber(others)} adet` : 'ortak stok'}
        </Text>
        {/* The tooltip shows on hover; a screen reader reads the same sentence here. */}
        <VisuallyHidden>{explanation}</VisuallyHidden>
      </div>
    </Tooltip>
  );
}
