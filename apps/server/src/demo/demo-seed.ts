import type { Db } from '../db/client.ts';
import { seedAccountingDemo } from './accounting.demo.ts';
import { seedBuyersDemo } from './buyers.demo.ts';
import { seedLoadingDemo } from './loading.demo.ts';
import { seedMilkDemo } from './milk.demo.ts';
import { seedOrdersDemo } from './orders.demo.ts';
import { seedProductsDemo } from './products.demo.ts';
import { seedShipmentsDemo } from './shipments.demo.ts';
import { seedStockDemo } from './stock.demo.ts';

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
  { area: 'shipments', seed: seedShipmentsDemo },
  { area: 'loading', seed: seedLoadingDemo },
  // After the orders and their shipments: it pays for what was dealt.
  { area: 'accounting', seed: seedAccountingDemo },
];
