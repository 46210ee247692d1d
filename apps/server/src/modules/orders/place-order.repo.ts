import type { ApplyToOrderBody } from '@mandira/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedRowsOf, rowsOf, type Tx } from '../../db/client.ts';
import { newOrderEntries } from '../accounting/ledger.ts';

type ApplyInput = z.output<typeof ApplyToOrderBody>;

/** Whether the chosen branch is one of the buyer's delivery warehouses, and whether it has any. */
export type BranchFacts = { branch_of_buyer: boolean; buyer_has_branches: boolean };

type LineRow = { id: number; product_id: number; quantity: number };

/**
 * Two columns of a query about the buyer `buyerId`: whether `branchId` (when given) is one of its
 * delivery warehouses, and whether it has any.
 */
function branchFacts(buyerId: SQL | number, branchId: number | null): SQL {
  return sql`(${branchId}::int is null or exists (select 1 from buyer_warehouses w
                                                   where w.id = ${branchId}::int and w.buyer_id = ${buyerId}))
               as branch_of_buyer,
             exists (select 1 from buyer_warehouses w where w.buyer_id = ${buyerId}) as buyer_has_branches`;
}

export async function branchFactsOf(tx: Tx, buyerId: number, branchId: number | null): Promise<BranchFacts> {
  const [facts] = await rowsOf<BranchFacts>(tx, sql`select ${branchFacts(buyerId, branchId)}`);
  return facts!;
}

/** The buyer's basket, locked until the transaction ends, with the facts of `branchId`; undefined for none. */
export async function lockBasketWithBranchFacts(
  tx: Tx,
  buyerId: number,
  branchId: number | null,
): Promise<({ id: number } & BranchFacts) | undefined> {
  const [basket] = await preparedRowsOf<{ id: number } & BranchFacts>(
    tx,
    'lock_basket_with_branch_facts',
    sql`select k.id, ${branchFacts(sql`k.buyer_id`, branchId)}
          from baskets k where k.buyer_id = ${buyerId} for update of k`,
  );
  return basket;
}

/**
 * The basket's lines in the order they were added, their products locked in id order first (for share),
 * each with the basket's total at the products' prices now, summed in numeric.
 */
export function lockedBasketLines(tx: Tx, basketId: number) {
  return preparedRowsOf<LineRow & { total: string }>(
    tx,
    'locked_basket_lines',
    sql`select l.id, l.product_id, l.quantity,
               sum(l.quantity * greatest(p.price - p.discount, 0)) over ()::text as total
          from basket_lines l
          join (select id, price, discount from products
                 where id in (select product_id from basket_lines where basket_id = ${basketId})
                 order by id for share) p on p.id = l.product_id
         where l.basket_id = ${basketId}
         order by l.id`,
  );
}

/**
 * The order with its total `summed`, its NEW_ORDER entry and its items, in one statement; its id. The
 * items are the basket's lines, which the same statement deletes, so they are exactly the lines the
 * basket gave up, each with its product's price and the bundle snapshot of `snapshotOf`. The order is
 * written before its items (they read its id), as when they were two statements.
 */
export async function insertOrderWithItems(
  tx: Tx,
  input: ApplyInput,
  order: { basketId: number; summed: string; createdBy: number | null },
  productIds: number[],
  snapshotOf: (productId: number) => number,
): Promise<number> {
  const [placed] = await preparedRowsOf<{ id: number }>(
    tx,
    'insert_order_with_items',
    sql`with placed as (
          insert into orders (buyer_id, buyer_branch_id, buyer_request_reference_code, color_group,
                              planned_shipment_date, total_price, dealt_total_price, created_by)
          values (${input.buyerId}, ${input.buyerBranch}, ${input.buyerRequestReferenceCode}, ${input.colorGroup},
                  ${input.plannedShipmentDate}::date, ${order.summed}::numeric, ${order.summed}::numeric,
                  ${order.createdBy})
          returning id, buyer_id, total_price, created_at),
        entry as (${newOrderEntries(sql`placed`, order.createdBy)}),
        taken as (delete from basket_lines where basket_id = ${order.basketId} returning id, product_id, quantity),
        items as (
          insert into order_items (order_id, product_id, product_name, stock_code, barcode, quantity_in_box,
                                   bundle_snapshot_id, unit_price, discount, ordered_quantity, quantity)
          select o.id, p.id, p.name, p.stock_code, p.barcode, p.quantity_inside_box, s.snapshot_id,
                 p.price, p.discount, l.quantity, l.quantity
            from placed o cross join taken l join products p on p.id = l.product_id
            join unnest(${sql.param(productIds)}::int[], ${sql.param(productIds.map(snapshotOf))}::int[])
                 as s(product_id, snapshot_id) on s.product_id = p.id
           order by l.id)
        select id from placed`,
  );
  return placed!.id;
}
