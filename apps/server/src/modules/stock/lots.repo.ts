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
  const named = lines.filter((line) => line.lot);
  if (named.length === 0) return lines.map(() => undefined);
  const items = await rowsOf<{ id: number; product_item_id: number }>(
    tx,
    sql`select id, product_item_id from stock_lines where id = any(${sql.param(named.map((line) => line.stockLineId))}::int[])`,
  );
  const itemOf = new Map(items.map((row) => [row.id, row.product_item_id]));
  const wanted = named.flatMap((line) => {
    const item = itemOf.get(line.stockLineId);
    return item === undefined ? [] : [{ item, lot: line.lot! }];
  });
  const column = <T>(pick: (one: (typeof wanted)[number]) => T) => sql.param(wanted.map(pick));
  await tx.execute(sql`
    insert into lots (product_item_id, code, expiry_date, production_date, created_by)
    select distinct on (item, code) item, code, expiry, production, ${actor.userId || null}::int
      from unnest(${column((one) => one.item)}::int[], ${column((one) => one.lot.code)}::text[],
                  ${column((one) => one.lot.expiryDate)}::date[], ${column((one) => one.lot.productionDate ?? null)}::date[])
           with ordinality as i(item, code, expiry, production, ord)
     order by item, code, ord
    on conflict (product_item_id, code) do nothing`);
  const found = await rowsOf<LotRow>(
    tx,
    sql`select t.id, t.product_item_id, t.code, t.expiry_date::text as expiry_date,
               t.production_date::text as production_date
          from lots t
          join unnest(${column((one) => one.item)}::int[], ${column((one) => one.lot.code)}::text[]) as i(item, code)
            on t.product_item_id = i.item and t.code = i.code`,
  );
  const lotOf = (item: number, code: string) =>
    found.find((row) => row.product_item_id === item && row.code === code);
  const fillProduction: { id: number; day: string }[] = [];
  const ids = lines.map((line) => {
    const item = itemOf.get(line.stockLineId);
    if (!line.lot || item === undefined) return undefined;
    const lot = lotOf(item, line.lot.code)!;
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
