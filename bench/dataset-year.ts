/**
 * The office mix's data set: what a 50-truck dairy has after a year, or after a month (a twelfth of
 * everything that grows with time, over the past 30 days; the catalogue, buyers and fleet the same).
 * Stock (bench/dataset.ts), orders (bench/orders-dataset.ts), shipments with roads and loads
 * (bench/shipments-dataset.ts), the big buyer's account and milk deliveries (bench/ledger-dataset.ts),
 * all in set-based SQL on a database the servers have migrated.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { StockHistoryQuery } from '@mandira/contract/stock';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { listStockHistory } from '../apps/server/src/modules/stock/stock-history.service.ts';
import { generateDataset } from './dataset.ts';
import { withBalancesRecounted } from './harness/balances.ts';
import { generateLedger, type LedgerSummary } from './ledger-dataset.ts';
import { generateOrders } from './orders-dataset.ts';
import { generateShipments, type ShipmentsSummary } from './shipments-dataset.ts';

export type OfficeSize = 'month' | 'year';

/**
 * Raised when the generator makes a different data set, so a database kept by BENCH_KEEP_DATABASE
 * from an older generator is not taken for the new one (its name carries the version).
 */
export const DATASET_VERSION = 1;

/** A year at scale 1: the 50-truck dairy of docs/benchmarks.md's office mix. */
const YEAR = {
  items: 2000,
  orders: 100_000,
  shipments: 15_000,
  bigBuyerTransactions: 50_000,
  milkDeliveries: 100_000,
};

export type OfficeDataset = {
  size: OfficeSize;
  days: number;
  items: number;
  historyRows: number;
  orders: number;
  orderItems: number;
  shipments: ShipmentsSummary;
  ledger: LedgerSummary;
  seconds: number;
  /** Kept from an earlier run (BENCH_KEEP_DATABASE), with the writes of its mixes. */
  reused?: boolean;
};

export async function generateOfficeDataset(
  client: pg.Client,
  { size, scale, adminUserName }: { size: OfficeSize; scale: number; adminUserName: string },
): Promise<OfficeDataset> {
  const started = performance.now();
  const days = size === 'year' ? 365 : 30;
  const grown = (yearly: number) => Math.max(1, Math.round((yearly * scale * days) / 365));
  const items = Math.max(20, Math.round(YEAR.items * scale));
  // Each part's time, to tell how the generator scales (BENCH_OFFICE_SCALE=10 is the ten-year set).
  const phase = (what: string) =>
    console.log(
      `[dataset] ${size} × ${scale}: ${what} after ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  const stock = await generateDataset(client, { items, adminUserName, days });
  phase(`${stock.historyRows.toLocaleString('en-US')} history rows`);
  const today = istanbulDate(new Date());
  // A portal in use has long counted its settled days (decision 37); a fresh data set counts them now,
  // or the first read of every week would pay for it inside the measurement.
  await listStockHistory(
    drizzle(client, { schema }) as unknown as Db,
    StockHistoryQuery.parse({ startDate: addDays(today, -days), endDate: today, page: 1, size: 50 }),
  );
  const { orders, shipments, ledger } = await withBalancesRecounted(client, async () => {
    const orders = await generateOrders(client, {
      orders: grown(YEAR.orders),
      buyers: Math.max(10, Math.round(500 * scale)),
      products: Math.max(10, Math.round(200 * scale)),
      days,
    });
    phase(`${orders.orders.toLocaleString('en-US')} orders`);
    const shipments = await generateShipments(client, { shipments: grown(YEAR.shipments), days });
    phase(`${shipments.shipments.toLocaleString('en-US')} shipments`);
    const ledger = await generateLedger(client, {
      bigBuyerTransactions: grown(YEAR.bigBuyerTransactions),
      milkDeliveries: grown(YEAR.milkDeliveries),
      days,
      adminUserName,
    });
    return { orders, shipments, ledger };
  });
  return {
    size,
    days,
    items: stock.items,
    historyRows: stock.historyRows,
    orders: orders.orders,
    orderItems: orders.orderItems,
    shipments,
    ledger,
    seconds: (performance.now() - started) / 1000,
  };
}

export function describeDataset(set: OfficeDataset): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `${set.size} (${set.days} days): ${n(set.items)} items, ${n(set.historyRows)} history rows, ` +
    `${n(set.orders)} orders with ${n(set.orderItems)} items, ${n(set.shipments.shipments)} shipments ` +
    `(${set.shipments.open} open) with ${n(set.shipments.loads)} loads, ` +
    `${n(set.ledger.bigBuyerTransactions)} transactions of the biggest buyer (${n(set.ledger.transactions)} in all), ` +
    `${n(set.ledger.milkDeliveries)} milk deliveries; ${set.reused ? 'kept from an earlier run, which ' : ''}generated in ${set.seconds.toFixed(0)} s`
  );
}
