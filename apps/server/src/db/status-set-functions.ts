import {
  CANCELED_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  SHIPPING_ITEM_STATUSES,
  WAREHOUSE_ITEM_STATUSES,
  WAREHOUSE_ORDER_STATUSES,
} from '@mandira/contract/order-machines';
import { literals } from './status-sql.ts';

/**
 * The status sets the database's functions read, each answered by a SQL function of its name
 * (`status = any(order_canceled_statuses())`), and the contract's set it answers (decision 178). The
 * migrate step writes each function's body from here, so a set the machines change reaches the
 * triggers without a hand edit; migration 0034 created them.
 */
export const SQL_STATUS_SETS = {
  /** Every order status: the order screens' per-status counts (`order_view_counts`). */
  order_statuses: ORDER_STATUSES,
  /** The review screen's orders (`OPEN_ORDER_STATUSES`). */
  order_open_statuses: OPEN_ORDER_STATUSES,
  /** A canceled order owes nothing and is no live order of its buyer (`CANCELED_ORDER_STATUSES`). */
  order_canceled_statuses: CANCELED_ORDER_STATUSES,
  /** The warehouse and shipping screens' orders (`WAREHOUSE_ORDER_STATUSES`). */
  order_warehouse_statuses: WAREHOUSE_ORDER_STATUSES,
  /** An item the warehouse works on (`WAREHOUSE_ITEM_STATUSES`). */
  order_item_warehouse_statuses: WAREHOUSE_ITEM_STATUSES,
  /** An item on a truck not yet delivered (`SHIPPING_ITEM_STATUSES`). */
  order_item_shipping_statuses: SHIPPING_ITEM_STATUSES,
} as const satisfies Record<string, readonly string[]>;
export type SqlStatusSet = keyof typeof SQL_STATUS_SETS;

/** A set function's body: one constant array, which the planner folds into the query calling it. */
export const statusSetBody = (statuses: readonly string[]): string =>
  `SELECT ARRAY[${literals(statuses)}]::text[]`;

/**
 * IMMUTABLE: a function of nothing that answers a constant is folded at planning, as the literal list
 * it replaces was, so a trigger that runs per row pays nothing for it. Changing it is a migration's
 * work (replacing a function invalidates the plans that folded it), never a session's.
 */
export const statusSetDefinition = (name: SqlStatusSet): string =>
  `CREATE OR REPLACE FUNCTION ${name}() RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$${statusSetBody(SQL_STATUS_SETS[name])}$$`;

/** What runs SQL text on either driver: a `pg` client or pool, or PGlite. */
export type SqlRunner = { query(text: string): Promise<{ rows: unknown[] }> };

/** The set functions whose body in the database is not the contract's (or that are missing). */
export async function staleStatusSets(runner: SqlRunner): Promise<SqlStatusSet[]> {
  const { rows } = await runner.query(
    `SELECT proname AS name, prosrc AS body FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace AND pronargs = 0 AND prorettype = 'text[]'::regtype`,
  );
  const bodies = new Map((rows as { name: string; body: string }[]).map((row) => [row.name, row.body]));
  return (Object.keys(SQL_STATUS_SETS) as SqlStatusSet[]).filter(
    (name) => bodies.get(name) !== statusSetBody(SQL_STATUS_SETS[name]),
  );
}

/**
 * Writes the set functions from the contract, after the migrations, on the migrating connection; only
 * those that differ, so a start on a database already in step rewrites nothing.
 */
export async function writeStatusSets(runner: SqlRunner): Promise<SqlStatusSet[]> {
  const stale = await staleStatusSets(runner);
  for (const name of stale) await runner.query(statusSetDefinition(name));
  return stale;
}
