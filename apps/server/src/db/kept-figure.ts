import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from './client.ts';

/**
 * A figure the writes keep instead of summing it on every read (a balance, a counter, a day's sum):
 * where it lives, what moves it, and its definition from scratch, so a test or a bulk load can hold the
 * kept rows against what they must equal (docs/domain/kept-figures.md). Each area declares its own
 * figures beside the code that moves them; `apps/server/src/kept-figures.ts` lists them all.
 */
export type KeptFigure = {
  /** What the figure is, in a few words. */
  name: string;
  /** The table holding the kept rows. */
  table: string;
  /** The triggers that move it, as `table.trigger`: a bulk load sets them aside, then recounts. */
  triggers: readonly { table: string; trigger: string }[];
  /** The code that moves it by hand, when no trigger does (a path and a function). */
  services: readonly string[];
  /**
   * The rows whose kept value differs from the value summed from scratch, at most a few: each answers
   * `key`, `kept` and `summed` as text.
   */
  differences: SQL;
  /** Sets every kept row to its value from scratch (after a bulk load with the triggers set aside), in order. */
  recount: readonly SQL[];
};

export type Difference = { key: string; kept: string; summed: string };

/**
 * The differences and the recount of a figure kept in one column of a table's rows (keyed by `id`),
 * whose value from scratch `summed` answers for every row as `id` and `value`; `key` names a row in
 * words ('order' for 'order 12').
 */
export function keptColumn(column: {
  table: string;
  column: string;
  key: string;
  summed: SQL;
}): Pick<KeptFigure, 'differences' | 'recount'> {
  const table = sql.raw(column.table);
  const kept = sql.raw(`k.${column.column}`);
  return {
    differences: sql`
      select ${sql.raw(`'${column.key} '`)} || k.id as key, ${kept}::text as kept, s.value::text as summed
        from ${table} k join (${column.summed}) s on s.id = k.id
       where ${kept} is distinct from s.value
       order by k.id`,
    recount: [
      sql`update ${table} k set ${sql.raw(column.column)} = s.value from (${column.summed}) s
           where s.id = k.id and ${kept} is distinct from s.value`,
    ],
  };
}

/** A figure's differences, at most a few: a broken figure is named without reading all its rows. */
export const boundedDifferences = (figure: KeptFigure): SQL =>
  sql`select * from (${figure.differences}) d limit 20`;

/** One difference in words. */
export const describeDifference = (figure: KeptFigure, row: Difference): string =>
  `${figure.name} (${figure.table}) ${row.key}: kept ${row.kept}, sums to ${row.summed}`;

/** Every difference of the figures, in words: empty when each kept row is what it sums to from scratch. */
export async function keptFigureProblems(db: Db | Tx, figures: readonly KeptFigure[]): Promise<string[]> {
  const problems: string[] = [];
  for (const figure of figures) {
    const rows = await rowsOf<Difference>(db, boundedDifferences(figure));
    problems.push(...rows.map((row) => describeDifference(figure, row)));
  }
  return problems;
}
