import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { rowsOf } from './client.ts';
import { edgeColumns, edgeDayOf, type WalkFrom, walkedDays } from './day-edge.ts';

/** Rows per day, as a list's writes keep them; day 3 had rows once and holds none now. */
const DAYS: [string, number][] = [
  ['2026-11-01', 4],
  ['2026-11-02', 1],
  ['2026-11-03', 0],
  ['2026-11-04', 3],
  ['2026-11-05', 2],
];
const TOTAL = DAYS.reduce((sum, [, count]) => sum + count, 0);

const daysRelation = sql`(select v.day::date as day, v.count::bigint as count, (v.count * 10)::numeric as signed
  from (values ${sql.join(
    DAYS.map(([day, count]) => sql`(${day}::date, ${count}::int)`),
    sql`, `,
  )}) v(day, count))`;

/** The rows one after the other from `from`'s end, each as the day it was counted on. */
function rowsWalked(from: WalkFrom): string[] {
  const ordered = from === 'newest' ? [...DAYS].reverse() : DAYS;
  return ordered.flatMap(([day, count]) => Array<string>(count).fill(day));
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function edgeOf(from: WalkFrom, offset: number, extra: { ahead?: number; reachable?: SQL } = {}) {
  const ahead = extra.ahead ?? 0;
  const [row] = await rowsOf<{ edgeDay: string | null; passed: number | null; passedSigned: string | null }>(
    database.db,
    sql`select ${edgeColumns(ahead)}, (e.moved - e.signed)::text as "passedSigned"
          from (select 1) one
          left join ${edgeDayOf(walkedDays(daysRelation, from, { signed: true }), offset - ahead, extra.reachable)} on true`,
  );
  return row!;
}

describe("the day that holds a deep page's first row (decision 195)", () => {
  for (const from of ['newest', 'earliest'] as const) {
    it(`finds, walked from the ${from} end, the day of every row and the rows and sums before it`, async () => {
      const walked = rowsWalked(from);
      for (let offset = 0; offset < TOTAL; offset++) {
        const day = walked[offset]!;
        const passed = walked.indexOf(day);
        const passedSigned = passed * 10;
        expect(await edgeOf(from, offset), `row ${offset}`).toEqual({
          edgeDay: day,
          passed,
          passedSigned: String(passedSigned),
        });
      }
    });

    it(`answers no day past the last row, walked from the ${from} end`, async () => {
      for (const offset of [TOTAL, TOTAL + 1, 10_000]) {
        expect(await edgeOf(from, offset)).toEqual({ edgeDay: null, passed: null, passedSigned: null });
      }
    });
  }

  it('places the row among the walked days after rows that come before them (the unsettled rest)', async () => {
    const walked = rowsWalked('newest');
    const ahead = 3;
    for (let offset = ahead; offset < TOTAL + ahead; offset++) {
      const day = walked[offset - ahead]!;
      expect(await edgeOf('newest', offset, { ahead }), `row ${offset}`).toMatchObject({
        edgeDay: day,
        passed: ahead + walked.indexOf(day),
      });
    }
  });

  it('answers no day where the page is not reachable', async () => {
    expect(await edgeOf('newest', 2, { reachable: sql`false` })).toMatchObject({
      edgeDay: null,
      passed: null,
    });
  });

  it('never answers a day that holds no rows', async () => {
    const days = new Set<string>();
    for (let offset = 0; offset < TOTAL; offset++) {
      days.add((await edgeOf('earliest', offset)).edgeDay!);
      days.add((await edgeOf('newest', offset)).edgeDay!);
    }
    expect([...days].sort()).toEqual(DAYS.filter(([, count]) => count > 0).map(([day]) => day));
  });
});
