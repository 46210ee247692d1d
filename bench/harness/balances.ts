/**
 * Bulk loads beside the figures the writes keep (apps/server/src/kept-figures.ts). The deferred
 * triggers that keep the buyers' balances and day sums and the screens' and days' order and shipment counts move a row
 * once per order, shipment or transaction, and a set-based load of a year writes tens of thousands of them for one
 * buyer in one transaction, each update walking the versions of the row that transaction already
 * wrote. A load sets those triggers aside and recounts the figures once at the end; after a run every
 * kept figure is held against its definition from scratch.
 */

import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import {
  boundedDifferences,
  type Difference,
  describeDifference,
} from '../../apps/server/src/db/kept-figure.ts';
import { KEPT_FIGURES } from '../../apps/server/src/kept-figures.ts';
import { BUYER_BALANCES, BUYER_DAY_SUMS } from '../../apps/server/src/modules/accounting/kept-figures.ts';
import {
  ORDER_DAY_COUNTS,
  ORDER_SPANS,
  ORDER_VIEW_COUNTS,
} from '../../apps/server/src/modules/orders/kept-figures.ts';
import { SHIPMENT_DAY_COUNTS } from '../../apps/server/src/modules/shipments/kept-figures.ts';

/** The figures whose row-by-row triggers a bulk load sets aside. */
const SET_ASIDE = [
  BUYER_BALANCES,
  BUYER_DAY_SUMS,
  ORDER_VIEW_COUNTS,
  ORDER_DAY_COUNTS,
  ORDER_SPANS,
  SHIPMENT_DAY_COUNTS,
];

const dialect = new PgDialect();
const run = <R extends pg.QueryResultRow>(client: pg.Client, statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return client.query<R>(text, params);
};

const triggersOf = (verb: 'enable' | 'disable') =>
  SET_ASIDE.flatMap((figure) => figure.triggers).map(
    ({ table, trigger }) => `alter table ${table} ${verb} trigger ${trigger}`,
  );

export async function withBalancesRecounted<T>(client: pg.Client, load: () => Promise<T>): Promise<T> {
  for (const statement of triggersOf('disable')) await client.query(statement);
  try {
    return await load();
  } finally {
    for (const statement of triggersOf('enable')) await client.query(statement);
    for (const figure of SET_ASIDE) for (const statement of figure.recount) await run(client, statement);
  }
}

/**
 * Every kept figure whose rows are not what the data sums to from scratch (at most 20 rows of each),
 * after a run that wrote through the API.
 */
export async function checkBalances(client: pg.Client): Promise<string[]> {
  const problems: string[] = [];
  for (const figure of KEPT_FIGURES) {
    const { rows } = await run<Difference>(client, boundedDifferences(figure));
    problems.push(...rows.map((row) => describeDifference(figure, row)));
  }
  return problems;
}
