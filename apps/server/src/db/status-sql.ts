import { type SQL, sql } from 'drizzle-orm';

/**
 * The status sets of the contract (`@mandira/contract/order-machines`, `shipment-machine`) in SQL.
 * They are written in as constants, as a hand-written list would be: index and check predicates need
 * them so (drizzle-kit compares their text), and the planner matches the partial indexes on them.
 */
export function literals(statuses: readonly string[]): string {
  if (statuses.length === 0) throw new Error('An empty status set');
  for (const status of statuses) {
    if (!/^[A-Z_]+$/.test(status)) throw new Error(`Not a status name: ${status}`);
  }
  return statuses.map((status) => `'${status}'`).join(', ');
}

/** `'A', 'B'`, for an `in (…)` written around it. */
export const statusList = (statuses: readonly string[]): SQL => sql.raw(literals(statuses));

/** `column in ('A', 'B')`, or `column = 'A'` for a set of one. */
export const statusIn = (column: string, statuses: readonly string[]): SQL =>
  sql.raw(
    statuses.length === 1 ? `${column} = ${literals(statuses)}` : `${column} in (${literals(statuses)})`,
  );

/** `column not in ('A', 'B')`, or `column <> 'A'` for a set of one. */
export const statusNotIn = (column: string, statuses: readonly string[]): SQL =>
  sql.raw(
    statuses.length === 1 ? `${column} <> ${literals(statuses)}` : `${column} not in (${literals(statuses)})`,
  );
