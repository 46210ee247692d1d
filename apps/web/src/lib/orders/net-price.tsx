import { Text } from '@mantine/core';
import { formatMoney } from '../format/format.ts';

type Props = { price: number; discount: number };

/** The price charged per piece: list price less discount, never below 0 (as the server counts it). */
export function netPriceOf({ price, discount }: Props): number {
  return Math.max(0, Math.round((price - discount) * 100) / 100);
}

/**
 * A unit price as it is charged: the net price, and with a discount the list price struck through and
 * the discount named, so the screen never shows one price while the basket charges another.
 */
export function NetPrice({ price, discount }: Props) {
  const net = netPriceOf({ price, discount });
  if (discount <= 0) {
    return (
      <Text fz="sm" span data-testid="net-price">
        {formatMoney(net)}
      </Text>
    );
  }
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Text fz="sm" fw={600} span data-testid="net-price">
        {formatMoney(net)}
      </Text>
      {/* Two short lines rather than one wide one: the price column stays narrow beside the others. */}
      <Text fz="xs" c="dimmed" span data-testid="price-discount" ta="right">
        <Text
          span
          fz="xs"
          td="line-through"
          display="block"
          aria-label={`Liste fiyatı ${formatMoney(price)}`}
        >
          {formatMoney(price)}
        </Text>
        <Text span fz="xs" display="block" style={{ whiteSpace: 'nowrap' }}>
          İndirim {formatMoney(discount)}
        </Text>
      </Text>
    </span>
  );
}
