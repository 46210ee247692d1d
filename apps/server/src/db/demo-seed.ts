import { seedBuyersDemo } from '../modules/buyers/buyers.demo.ts';
import { seedLoadingDemo } from '../modules/loading/loading.demo.ts';
import { seedMilkDemo } from '../modules/milk/milk.demo.ts';
import { seedOrdersDemo } from '../modules/orders/orders.demo.ts';
import { seedProductsDemo } from '../modules/products/products.demo.ts';
import { seedStockDemo } from '../modules/stock/stock.demo.ts';
import type { Db } from './client.ts';

/**
 * Demo data, one seeder per area, run in this order on a fresh database by `npm run demo`.
 * Each area adds its seeder here; a seeder uses the area's services so the demo obeys the rules.
 */
export type DemoSeeder = { area: string; seed(db: Db): Promise<void> };

export const DEMO_SEEDERS: DemoSeeder[] = [
  { area: 'milk', seed: seedMilkDemo },
  { area: 'products', seed: seedProductsDemo },
  { area: 'stock', seed: seedStockDemo },
  { area: 'buyers', seed: seedBuyersDemo },
  { area: 'orders', seed: seedOrdersDemo },
  { area: 'loading', seed: seedLoadingDemo },
];
