/**
 * The direct-SQL side of the benchmarks: the statements a service function sends, captured at the
 * driver, replayed through `pg` in loops as many as the HTTP side's connections, so the ratio of the two
 * is what the server costs on top of its own SQL.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { percentile } from './harness/stats.ts';
import type { Measured } from './load.ts';

/** A statement as the server sends it: `name` when it is a prepared statement. */
export type Statement = { name?: string; text: string; values: unknown[] };

/**
 * The SQL a service function sends, captured at the driver while it runs once: text, values and, for a
 * prepared statement, its name, so the replay is planned as often as the server's own.
 */
export async function capture(pool: pg.Pool, run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const recording = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (config: string | pg.QueryConfig, values?: unknown[]) => {
        const { name, text } = typeof config === 'string' ? { name: undefined, text: config } : config;
        statements.push({ name, text, values: values ?? [] });
        return target.query(config as string, values);
      };
    },
  });
  await run(drizzle(recording, { schema }) as unknown as Db);
  return statements;
}

export function summarize(latencies: number[]): { p50: number; p95: number; p99: number } {
  latencies.sort((x, y) => x - y);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** `connections` loops running `once` back to back for `seconds`. */
export async function direct(
  seconds: number,
  connections: number,
  once: () => Promise<void>,
): Promise<Measured> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const before = performance.now();
        try {
          await once();
          latencies.push(performance.now() - before);
        } catch (error) {
          const key = (error as Error).message.slice(0, 80);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { count: latencies.length, seconds: (performance.now() - started) / 1000, latencies, failures };
}

export const replay = (pool: pg.Pool, statements: Statement[]) => async () => {
  for (const { name, text, values } of statements) await pool.query({ name, text, values });
};
