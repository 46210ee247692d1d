/**
 * Rows PostgreSQL reads per request of a list (issue 42): the statements a service sends, captured at
 * the driver, each run again under EXPLAIN (ANALYZE, BUFFERS) and its scans' rows summed (rows × loops
 * of every scan node, filtered rows included). Read-only: safe on a kept data set.
 */
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { capture } from './direct-sql.ts';

type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
};

function scanned(node: PlanNode): number {
  const own =
    node['Node Type'].endsWith('Scan') &&
    !node['Node Type'].startsWith('CTE') &&
    !node['Node Type'].startsWith('Subquery') &&
    !node['Node Type'].startsWith('Function')
      ? (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + scanned(child), 0);
}

/** Rows read and milliseconds of every statement `run` sends. */
export async function rowsRead(pool: pg.Pool, run: (db: Db) => Promise<unknown>) {
  const statements = await capture(pool, run);
  let rows = 0;
  let ms = 0;
  for (const { text, values } of statements) {
    const { rows: plan } = await pool.query(`explain (analyze, buffers, format json) ${text}`, values);
    const top = plan[0]['QUERY PLAN'][0];
    rows += scanned(top.Plan);
    ms += top['Execution Time'];
  }
  return { rows, ms: Math.round(ms * 10) / 10, statements: statements.length };
}
