import { TransitionRefused } from '@mandira/contract/state-machine';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/** An item a request acts on together with others, with what names it to the user. */
export type ItemLine = { id: number; order_id: number; order_number: number; product_name: string };

/**
 * The listed items in order and item order, so two requests on overlapping items take their locks
 * alike; an unknown one is 404 on `orderItemIds[i]`.
 */
export async function itemLinesOf(tx: Tx, orderItemIds: readonly number[]): Promise<ItemLine[]> {
  const lines = await rowsOf<ItemLine>(
    tx,
    sql`select oi.id, oi.order_id, o.order_number, oi.product_name
          from order_items oi join orders o on o.id = oi.order_id
         where oi.id in (${sql.join(
           orderItemIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by oi.order_id, oi.id`,
  );
  const found = new Set(lines.map((line) => line.id));
  const unknown = orderItemIds.findIndex((id) => !found.has(id));
  if (unknown >= 0) {
    throw new AppError('NOT_FOUND', 'Sipariş kalemi bulunamadı.', `orderItemIds[${unknown}]`);
  }
  return lines;
}

/**
 * Runs `step` on each line in the caller's one transaction. The first refusal throws again with the
 * line named and `nothingDone` ('Hiçbir yükleme kabul edilmedi.'): the route's rollback undoes the
 * lines done before it, so the request changes all of them or none.
 */
export async function stepEachLine(
  lines: readonly ItemLine[],
  step: (line: ItemLine) => Promise<void>,
  nothingDone: string,
): Promise<void> {
  for (const line of lines) {
    try {
      await step(line);
    } catch (error) {
      if (!(error instanceof AppError || error instanceof TransitionRefused)) throw error;
      throw new AppError(
        error.code,
        `Sipariş ${line.order_number}, '${line.product_name}': ${error.message} ${nothingDone}`,
        error instanceof AppError ? error.field : undefined,
      );
    }
  }
}
