import type { LotInput } from '@mandira/contract/lots';
import { shownLotDay } from '@mandira/contract/lots';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';

type ReceivedLot = z.output<typeof LotInput>;
type LotRow = {
  id: number;
  product_item_id: number;
  code: string;
  expiry_date: string | null;
  production_date: string | null;
};

/**
 * The lots goods-in names, by item and printed code: created when the code is new to the item, else the
 * one lot of that code (the same code in two warehouses is one lot). A code already known with another
 * expiry date is refused on the line's field, nothing written; a production date fills one left empty.
 * Answers the lot id per line, undefined for a line without a lot (its undated lot) or an unknown line.
 */
export async function resolveReceivedLots(
  tx: Tx,
  actor: Actor,
  lines: readonly { stockLineId: number; lot?: ReceivedLot | null; field: string }[],
): Promise<(number | undefined)[]> {
  const named = lines.flatMap((line, index) => (line.lot ? [{ ...line, lot: line.lot, index }] : []));
  if (named.length === 0) return lines.map(() => undefined);
  const column = <T>(pick: (one: (typeof named)[number]) => T) => sql.param(named.map(pick));
  // Each line's item is found by the statements themselves (decision 183); a line that does not exist
  // names no lot, and the movement answers it 404.
  await tx.execute(sql`
    insert into lots (product_item_id, code, expiry_date, production_date, created_by)
    select distinct on (item, code) item, code, expiry, production, ${actor.userId || null}::int
      from (select sl.product_item_id as item, i.code, i.expiry, i.production, i.ord
              from unnest(${column((one) => one.stockLineId)}::int[], ${column((one) => one.lot.code)}::text[],
                          ${column((one) => one.lot.expiryDate)}::date[], ${column((one) => one.lot.productionDate ?? null)}::date[])
                   with ordinality as i(line, code, expiry, production, ord)
              join stock_lines sl on sl.id = i.line) as w
     order by item, code, ord
    on conflict (product_item_id, code) do nothing`);
  const found = await rowsOf<LotRow & { ord: number }>(
    tx,
    sql`select i.ord::int as ord, t.id, t.product_item_id, t.code, t.expiry_date::text as expiry_date,
               t.production_date::text as production_date
          from unnest(${column((one) => one.stockLineId)}::int[], ${column((one) => one.lot.code)}::text[])
               with ordinality as i(line, code, ord)
          join stock_lines sl on sl.id = i.line
          join lots t on t.product_item_id = sl.product_item_id and t.code = i.code`,
  );
  // One object per lot, shared by the lines that name it, as a production date filled for one line is
  // the lot's for the next.
  const lotById = new Map(found.map((row) => [row.id, row]));
  const lotOfLine = new Map(found.map((row) => [named[row.ord - 1]!.index, lotById.get(row.id)!]));
  const fillProduction: { id: number; day: string }[] = [];
  const ids = lines.map((line, index) => {
    const lot = lotOfLine.get(index);
    if (!line.lot || lot === undefined) return undefined;
    if (lot.expiry_date !== line.lot.expiryDate) {
      throw badRequest(
        `'${lot.code}' partisi bu ürün için ${shownLotDay(lot.expiry_date!)} son kullanma tarihiyle kayıtlı; aynı parti kodu başka bir tarihle girilemez.`,
        `${line.field}.lot.expiryDate`,
      );
    }
    const production = line.lot.productionDate ?? null;
    if (production !== null && lot.production_date !== null && lot.production_date !== production) {
      throw badRequest(
        `'${lot.code}' partisi bu ürün için ${shownLotDay(lot.production_date)} üretim tarihiyle kayıtlı.`,
        `${line.field}.lot.productionDate`,
      );
    }
    if (production !== null && lot.production_date === null) {
      lot.production_date = production;
      fillProduction.push({ id: lot.id, day: production });
    }
    return lot.id;
  });
  if (fillProduction.length > 0) {
    await tx.execute(sql`
      update lots t set production_date = f.day
        from unnest(${sql.param(fillProduction.map((one) => one.id))}::int[],
                    ${sql.param(fillProduction.map((one) => one.day))}::date[]) as f(id, day)
       where t.id = f.id and t.production_date is null`);
  }
  return ids;
}

/** The undated lot ("SKT yok") of each item, created for the items that have none yet (the first goods-in or count without a lot). */
export async function createUndatedLots(tx: Tx, itemIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  await tx.execute(sql`
    insert into lots (product_item_id, code)
    select unnest(${sql.param(ids)}::int[]), ''
    on conflict (product_item_id, code) do nothing`);
  const rows = await rowsOf<{ id: number; product_item_id: number }>(
    tx,
    sql`select id, product_item_id from lots where code = '' and product_item_id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((row) => [row.product_item_id, row.id]));
}
