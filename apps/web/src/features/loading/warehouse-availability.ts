import type { ProductItem } from '@mandira/contract/products';
import { compareTurkish } from '../../lib/turkish-order.ts';

/** One stock warehouse of the load form: its name ('DEPO1'), label ('Depo-1') and pieces of the product. */
export type WarehouseAvailability = { warehouse: string; label: string; pieces: number };

type BundleLine = { productItemId: number; quantity: number };

/**
 * What each stock warehouse can give of a product (DESIGN §6, §7.4): the fewest whole pieces its bundle
 * lines allow, ⌊on hand of the item in that warehouse ÷ the line's quantity⌋. A warehouse an item has no
 * line in gives nothing. Warehouses in the order of their names (DEPO1, DEPO2, …).
 */
export function availabilityByWarehouse(
  bundle: readonly BundleLine[],
  items: readonly ProductItem[],
): WarehouseAvailability[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const warehouses = new Map<string, string>();
  for (const item of items) {
    for (const line of item.stocks) warehouses.set(line.wareHouse.name, line.wareHouse.label);
  }
  return [...warehouses]
    .sort(([a], [b]) => compareTurkish(a, b))
    .map(([warehouse, label]) => {
      const pieces = bundle.map((line) => {
        const onHand = byId
          .get(line.productItemId)
          ?.stocks.find((s) => s.wareHouse.name === warehouse)?.quantity;
        return line.quantity > 0 && onHand !== undefined
          ? Math.floor(Math.max(onHand, 0) / line.quantity)
          : 0;
      });
      return { warehouse, label, pieces: pieces.length > 0 ? Math.min(...pieces) : 0 };
    });
}
