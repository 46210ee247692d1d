import type { Product } from '@mandira/contract/sellable-products';
import { describe, expect, it } from 'vitest';
import { expiredText, heldByOthers } from './order-taking-columns.tsx';

const product = (figures: Partial<Product>): Product =>
  ({
    warehouseStockCount: 600,
    waitingInBasketStockCount: 12,
    waitingInOrderStockCount: 30,
    expiredStockCount: 0,
    availableStockCount: 558,
    sharingProductCount: 0,
    ...figures,
  }) as Product;

describe('Kullanılabilir on a shared item', () => {
  it('names what other products hold: on hand less its own baskets and orders less what is available', () => {
    expect(heldByOthers(product({ sharingProductCount: 2, availableStockCount: 510 }))).toBe(48);
  });

  it('does not count expired pieces as held by others: they are on hand but never available', () => {
    expect(
      heldByOthers(product({ sharingProductCount: 2, expiredStockCount: 40, availableStockCount: 510 })),
    ).toBe(8);
    expect(expiredText(product({ expiredStockCount: 1512 }))).toBe('Süresi geçmiş: 1.512 adet');
  });

  it('names nothing when the item is not shared, or nothing else holds it', () => {
    expect(heldByOthers(product({ availableStockCount: 510 }))).toBe(0);
    expect(heldByOthers(product({ sharingProductCount: 1 }))).toBe(0);
  });
});
