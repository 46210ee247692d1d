import type { ProductItem, StockLine } from '@mandira/contract/products';
import { describe, expect, it } from 'vitest';
import { availabilityByWarehouse } from './warehouse-availability.ts';

const line = (warehouse: number, quantity: number): StockLine =>
  ({ quantity, wareHouse: { name: `DEPO${warehouse}`, label: `Depo-${warehouse}` } }) as StockLine;
const item = (id: number, ...stocks: StockLine[]): ProductItem => ({ id, stocks }) as ProductItem;

describe('availabilityByWarehouse', () => {
  it('gives each warehouse the whole pieces of the product its bundle lines allow', () => {
    const cheese = item(1, line(1, 25), line(2, 7), line(10, 40));
    const jar = item(2, line(2, 30), line(1, 9), line(10, 3));
    // One piece of the product = 2 cheeses + 1 jar.
    const bundle = [
      { productItemId: 1, quantity: 2 },
      { productItemId: 2, quantity: 1 },
    ];
    expect(availabilityByWarehouse(bundle, [cheese, jar])).toEqual([
      { warehouse: 'DEPO1', label: 'Depo-1', pieces: 9 },
      { warehouse: 'DEPO2', label: 'Depo-2', pieces: 3 },
      { warehouse: 'DEPO10', label: 'Depo-10', pieces: 3 },
    ]);
  });

  it('counts a missing line and stock below zero as nothing', () => {
    const cheese = item(1, line(1, -4), line(2, 12));
    const jar = item(2, line(2, 5));
    const bundle = [
      { productItemId: 1, quantity: 1 },
      { productItemId: 2, quantity: 1 },
    ];
    expect(availabilityByWarehouse(bundle, [cheese, jar]).map((one) => one.pieces)).toEqual([0, 5]);
  });
});
