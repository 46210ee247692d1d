import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, rowsOf } from '../src/db/client.ts';
import type { KeptFigure } from '../src/db/kept-figure.ts';

/**
 * A status and day counts table (`apps/server/src/db/status-day-counts.ts`) zeroed, then recounted by its
 * figure's own recount, as a bulk load that set its trigger aside does: the same days come back with the
 * same counts.
 */
export async function expectStatusDayRecountAgrees(db: Db, figure: KeptFigure): Promise<void> {
  const table = sql.identifier(figure.table);
  const kept = () =>
    rowsOf(db, sql`select status, day::text, count from ${table} where count <> 0 order by 1, 2`);
  const rows = await kept();
  await db.execute(sql`update ${table} set count = 0`);
  for (const statement of figure.recount) await db.execute(statement);
  expect(await kept()).toEqual(rows);
}
