/**
 * `npx tsx bench/account-reads.ts <database url> <buyer id> [explain]`: the biggest buyer's statement
 * (30 days to today, pages 1 and 2 of 100) and transactions (pages 1–5 of 50) as the office mix asks
 * them, timed through their service functions one at a time (20 rounds, median and p95), on a database
 * built by bench/office-dataset.ts; with `explain`, each statement's EXPLAIN (ANALYZE, BUFFERS) SQL time.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { StatementQuery, TransactionsQuery } from '@mandira/contract/accounting';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { accountStatement } from '../apps/server/src/modules/accounting/statement.service.ts';
import { listTransactions } from '../apps/server/src/modules/accounting/transactions.service.ts';
import { capture, summarize } from './direct-sql.ts';

const ROUNDS = 20;

async function main(url: string, buyerId: number, explain: boolean) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const today = istanbulDate(new Date());
  const reads: [string, (db: Db) => Promise<unknown>][] = [
    ...[1, 2].map((page): [string, (db: Db) => Promise<unknown>] => [
      `statement, 30 days, page ${page} of 100`,
      (on) =>
        accountStatement(
          on,
          StatementQuery.parse({ buyerId, from: addDays(today, -29), to: today, page, size: 100 }),
        ),
    ]),
    ...[1, 3, 5].map((page): [string, (db: Db) => Promise<unknown>] => [
      `transactions, page ${page} of 50`,
      (on) => listTransactions(on, TransactionsQuery.parse({ buyerId, page, size: 50 })),
    ]),
  ];
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  for (const [name, run] of reads) {
    for (let i = 0; i < 3; i += 1) await run(db);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now();
      await run(db);
      times.push(performance.now() - started);
    }
    const { p50, p95 } = summarize(times);
    let sqlTimes = '';
    if (explain) {
      const statements = await capture(pool, run);
      const parts: string[] = [];
      for (const statement of statements) {
        const best: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const { rows } = await pool.query(
            `explain (analyze, buffers, format json) ${statement.text}`,
            statement.values,
          );
          const [plan] = rows[0]['QUERY PLAN'];
          best.push(plan['Execution Time'] + plan['Planning Time']);
        }
        parts.push(Math.min(...best).toFixed(2));
      }
      sqlTimes = `; SQL per statement (plan + execution, best of 5): ${parts.join(' + ')} ms`;
    }
    console.log(`${name}: service p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${sqlTimes}`);
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  await pool.end();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, buyer, explain] = process.argv.slice(2);
  if (!url || !buyer) throw new Error('usage: account-reads.ts <database url> <buyer id> [explain]');
  await main(url, Number(buyer), explain === 'explain');
}
