/**
 * What `npm run bench` prints at the end: the machine, the data, the Markdown table of the scenarios
 * ready for docs/benchmarks.md, and each target met or missed.
 */
import os from 'node:os';
import type { DatasetSummary } from './dataset.ts';
import { summarize } from './direct-sql.ts';
import type { Measured } from './load.ts';
import type { OrdersSummary } from './orders-dataset.ts';
import type { Row } from './scenarios.ts';

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const rate = (measured: Measured) => measured.count / measured.seconds;

function table(rows: Row[]): string {
  const header =
    '| scenario | conns | p50 ms | p95 ms | p99 ms | req/s | direct SQL p50 / p95 ms | direct SQL op/s | HTTP ÷ direct (req/s) |';
  const lines = rows.map(({ scenario, connections, http: h, direct: d }) => {
    const hs = summarize(h.latencies);
    const ds = summarize(d.latencies);
    return `| ${scenario} | ${connections} | ${ms(hs.p50)} | ${ms(hs.p95)} | ${ms(hs.p99)} | ${rate(h).toFixed(0)} | ${ms(ds.p50)} / ${ms(ds.p95)} | ${rate(d).toFixed(0)} | ${(rate(h) / rate(d)).toFixed(2)} |`;
  });
  return [header, '|---|---:|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
}

export function printReport({
  rows,
  dataset,
  orderSet,
  postgresVersion,
  seconds,
  onlyOrders,
  movements,
  movementsWritten,
  ledgerSummary,
}: {
  rows: Row[];
  dataset: DatasetSummary;
  orderSet: OrdersSummary;
  postgresVersion: string;
  seconds: number;
  /** Only the order scenarios ran: the stock targets are left out. */
  onlyOrders: boolean;
  movements: number;
  movementsWritten: number;
  ledgerSummary: string;
}): void {
  console.log(
    `\nMachine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, PostgreSQL ${postgresVersion}, Node ${process.version}; ` +
      `servers, PostgreSQL and load generator on the same machine.`,
  );
  console.log(
    `Data: ${dataset.items} items, ${dataset.warehouses} warehouses, ${dataset.lines} stock lines, ` +
      `${dataset.historyRows} history rows over 365 days. ${seconds} s per measurement.\n`,
  );
  console.log(table(rows));
  if (!onlyOrders) {
    const week50 = summarize([...rows[1]!.http.latencies]).p95;
    const moveRatio = rate(rows[3]!.http) / rate(rows[3]!.direct);
    console.log(
      `\nTargets: stock-history week p95 ${ms(week50)} ms (< 50 ms: ${week50 < 50 ? 'met' : 'MISSED'}); ` +
        `movement throughput ${moveRatio.toFixed(2)} × direct SQL (≥ 0.5: ${moveRatio >= 0.5 ? 'met' : 'MISSED'}); ` +
        `movements ${movements}, written to the history ${movementsWritten}.`,
    );
  }
  console.log(
    `Load average (1/5/15 min) at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
  );
  const targetRow = (target: string) => rows.find((row) => row.target === target);
  const myWork = targetRow('my-work');
  if (myWork) {
    const p95 = summarize([...myWork.http.latencies]).p95!;
    console.log(`Ana Sayfa's work cards p95 ${ms(p95)} ms (< 20 ms: ${p95 < 20 ? 'met' : 'MISSED'}).`);
  }
  // BENCH_ONLY=my-work measures the work cards alone.
  if (targetRow('search')) {
    const [searchP95, productsP95] = ['search', 'products'].map(
      (target) => summarize([...targetRow(target)!.http.latencies]).p95,
    );
    const basket = targetRow('basket')!;
    const basketRatio = rate(basket.http) / rate(basket.direct);
    console.log(
      `Orders (${orderSet.orders}, ${orderSet.orderItems} items): search p95 ${ms(searchP95!)} ms (< 50 ms: ${searchP95! < 50 ? 'met' : 'MISSED'}); ` +
        `product list p95 ${ms(productsP95!)} ms (< 50 ms: ${productsP95! < 50 ? 'met' : 'MISSED'}); ` +
        `basket add ${basketRatio.toFixed(2)} × direct SQL (≥ 0.5: ${basketRatio >= 0.5 ? 'met' : 'MISSED'}).`,
    );
  }
  console.log(`Ledger: ${ledgerSummary}.`);
}
