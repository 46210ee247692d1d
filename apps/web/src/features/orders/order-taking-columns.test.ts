import type { Product } from '@mandira/contract/sellable-products';
import { describe, expect, it } from 'vitest';
import { heldByOthers } from './order-taking-columns.tsx';

const product = (figures: Partial<Product>): Product =>
  ({
    warehouseStockCount: 600,
    waitingInBasketStockCount: 12,
    waitingInOrderStockCount: 30,
    availableStockCount: 558,
    sharingProductCount: 0,
    ...figures,
  }) as Product;

describe('Kullanılabilir on a shared item', () => {
  it('names what other products hold: on hand less its own baskets and orders less what is available', () => {
    expect(heldByOthers(product({ sharingProductCount: 2, availableStockCount: 510 }))).toBe(48);
  });

  it('names nothing when the item is not shared, or nothing else holds it', () => {
    expect(heldByOthers(product({ availableStockCount: 510 }))).toBe(0);
    expect(heldByOthers(product({ sharingProductCount: 1 }))).toBe(0);
  });
});
