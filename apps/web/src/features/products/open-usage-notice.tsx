import { Alert, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format/format.ts';
import { useProductOpenUsage } from './api.ts';

/** What the edit changes that open baskets and orders hold: the price (with the discount), the bundle. */
export type UsageChange = 'price' | 'bundle';

const WHAT: Record<string, string> = {
  price: 'fiyat',
  bundle: 'içerik',
  'price,bundle': 'fiyat ve içerik',
};

/**
 * The edit form's word on open baskets and orders (decision 100): baskets follow the product, so a new
 * price or bundle applies to them on saving; placed orders keep the price and bundle they were placed
 * with. Says how many of each, and, once the price or the bundle is changed, what saving does to them.
 */
export function OpenUsageNotice({ productId, changes }: { productId: number; changes: UsageChange[] }) {
  const usage = useProductOpenUsage(productId);
  if (!usage.data) return null;
  const { basketCount, basketPieces, orderCount, orderPieces } = usage.data;
  const what = WHAT[changes.join(',')];
  const changed = what !== undefined;
  return (
    <Alert
      variant="light"
      color={changed && basketCount > 0 ? 'orange' : 'blue'}
      title="Açık sepetler ve siparişler"
      data-testid="open-usage"
      py="xs"
    >
      <Text fz="sm">
        {basketCount === 0 && orderCount === 0
          ? 'Bu ürün şu an hiçbir sepette ve açık siparişte yok.'
          : `Bu ürün ${basketCount} müşteri sepetinde (${formatNumber(basketPieces)} adet) ve ${orderCount} açık siparişte (${formatNumber(orderPieces)} adet).`}
      </Text>
      {changed ? (
        <Text fz="sm" fw={600}>
          {savingText(what, basketCount, orderCount)}
        </Text>
      ) : (
        <Text fz="sm">
          Fiyat, indirim ve içerik değişiklikleri sepetlere uygulanır; verilmiş siparişler verildikleri fiyat
          ve içerikle kalır.
        </Text>
      )}
    </Alert>
  );
}

/** What saving a new price or bundle does: to the baskets holding the product, and not to its orders. */
function savingText(what: string, baskets: number, orders: number): string {
  const toBaskets = baskets > 0 ? `${baskets} açık sepete uygulanır` : 'bundan sonraki sepetlere uygulanır';
  const toOrders = orders > 0 ? `; ${orders} açık sipariş değişmez` : '';
  return `Kaydedince yeni ${what} ${toBaskets}${toOrders}.`;
}
