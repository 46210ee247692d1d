import { MAX_MONEY, ORDER_TOTAL_TOO_LARGE_MESSAGE } from '@mandira/contract/bounds';
import { type ApplyToOrderBody, BRANCH_REQUIRED_MESSAGE, type Order } from '@mandira/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.ts';
import { newOrderEntries } from '../accounting/ledger.ts';
import { recordChange } from '../audit/record-change.ts';
import { findOrder } from './order.repo.ts';
import { changeReservation, currentBundleSnapshots, reserveOrRefuse } from './reservations.ts';

type ApplyInput = z.output<typeof ApplyToOrderBody>;

type LineRow = { id: number; product_id: number; quantity: number };

export const EMPTY_BASKET_MESSAGE = 'Müşterinin sepeti boş; sipariş oluşturulamaz.';
export const FOREIGN_BRANCH_MESSAGE = 'Seçilen teslimat şubesi bu müşterinin depolarından biri değil.';

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

type BranchFacts = { branch_of_buyer: boolean; buyer_has_branches: boolean };

/**
 * A chosen branch must be one of the buyer's warehouses (422), and a buyer with delivery warehouses must
 * say which one an order goes to (400 on the field, decision 102).
 */
function refuseForeignOrMissingBranch(facts: BranchFacts, branchId: number | null): void {
  if (!facts.branch_of_buyer) throw new AppError('BUSINESS_RULE', FOREIGN_BRANCH_MESSAGE, 'buyerBranch');
  if (branchId === null && facts.buyer_has_branches) throw badRequest(BRANCH_REQUIRED_MESSAGE, 'buyerBranch');
}

/** The branch an order is given (null for none) fits its buyer (see refuseForeignOrMissingBranch). */
export async function assertBranchFitsBuyer(tx: Tx, buyerId: number, branchId: number | null): Promise<void> {
  const [facts] = await rowsOf<BranchFacts>(tx, sql`select ${branchFacts(buyerId, branchId)}`);
  refuseForeignOrMissingBranch(facts!, branchId);
}

/**
 * `POST /admin/baskets/apply-to-order` (docs/domain/orders.md): in the route's transaction the buyer's basket
 * becomes an order WAITING_FOR_REVIEW with its items WAITING_FOR_APPROVAL and a price snapshot each, and the
 * bundle snapshot it keeps whatever later edits of the product (decision 99), and the basket empties. The
 * basket's reservations pass to the items; they are re-counted first, so a goods-out since the basket was
 * filled refuses the order (409) instead of over-promising. The buyer's ledger gets the order's NEW_ORDER
 * transaction in the same transaction (docs/domain/money.md).
 */
export async function applyBasketToOrder(tx: Tx, actor: Actor, input: ApplyInput): Promise<Order> {
  // Each round trip here is paid by every placing under load, so checks and writes are folded into as
  // few statements as keep their order: locks before the reads that must see what they waited for.
  const [basket] = await rowsOf<{ id: number } & BranchFacts>(
    tx,
    sql`select k.id, ${branchFacts(sql`k.buyer_id`, input.buyerBranch)}
          from baskets k where k.buyer_id = ${input.buyerId} for update of k`,
  );
  if (!basket) {
    const [buyer] = await rowsOf<{ id: number }>(tx, sql`select id from buyers where id = ${input.buyerId}`);
    if (!buyer) throw notFound('Müşteri bulunamadı.');
    throw businessRule(EMPTY_BASKET_MESSAGE);
  }
  // The products are locked in id order first: a bundle edit of them waits until the order holds the
  // bundle it was placed with, and the prices summed are the ones the items will copy. The basket was
  // bounded at today's prices when filled (decision 95); a price raised since may take the total past what
  // the order's numeric(14,2) total keeps, so it is summed wide and refused first.
  const lines = await rowsOf<LineRow & { total: string }>(
    tx,
    sql`select l.id, l.product_id, l.quantity,
               sum(l.quantity * greatest(p.price - p.discount, 0)) over ()::text as total
          from basket_lines l
          join (select id, price, discount from products
                 where id in (select product_id from basket_lines where basket_id = ${basket.id})
                 order by id for share) p on p.id = l.product_id
         where l.basket_id = ${basket.id}
         order by l.id`,
  );
  if (lines.length === 0) throw businessRule(EMPTY_BASKET_MESSAGE);
  refuseForeignOrMissingBranch(basket, input.buyerBranch);
  const summed = lines[0]!.total;
  const total = Number(summed);
  if (total > MAX_MONEY) throw businessRule(ORDER_TOTAL_TOO_LARGE_MESSAGE(total));
  await reserveOrRefuse(
    tx,
    lines.map((line) => ({ productId: line.product_id, pieces: line.quantity, held: line.quantity })),
  );

  const productIds = [...new Set(lines.map((line) => line.product_id))].sort((a, b) => a - b);
  const snapshots = await currentBundleSnapshots(tx, productIds);
  const snapshotOf = (productId: number) => snapshots.get(productId)!;
  // The order with its total and its NEW_ORDER entry, then its items from the basket's lines, which the
  // same statement deletes: the items are exactly the lines the basket gave up.
  const [order] = await rowsOf<{ id: number }>(
    tx,
    sql`with placed as (
          insert into orders (buyer_id, buyer_branch_id, buyer_request_reference_code, color_group,
                              planned_shipment_date, total_price, dealt_total_price, created_by)
          values (${input.buyerId}, ${input.buyerBranch}, ${input.buyerRequestReferenceCode}, ${input.colorGroup},
                  ${input.plannedShipmentDate}::date, ${summed}::numeric, ${summed}::numeric,
                  ${actor.userId || null})
          returning id, buyer_id, total_price, created_at),
        entry as (${newOrderEntries(sql`placed`, actor.userId || null)})
        select id from placed`,
  );
  const orderId = order!.id;
  await tx.execute(sql`
    with taken as (delete from basket_lines where basket_id = ${basket.id} returning id, product_id, quantity)
    insert into order_items (order_id, product_id, product_name, stock_code, barcode, quantity_in_box,
                             bundle_snapshot_id, unit_price, discount, ordered_quantity, quantity)
    select ${orderId}, p.id, p.name, p.stock_code, p.barcode, p.quantity_inside_box, s.snapshot_id,
           p.price, p.discount, l.quantity, l.quantity
      from taken l join products p on p.id = l.product_id
      join unnest(${sql.param(productIds)}::int[], ${sql.param(productIds.map(snapshotOf))}::int[])
           as s(product_id, snapshot_id) on s.product_id = p.id
     order by l.id`);
  // The basket's pieces pass to the order's items.
  await changeReservation(
    tx,
    lines.map((line) => ({
      productId: line.product_id,
      basketPieces: -line.quantity,
      orderPieces: line.quantity,
      bundleSnapshotId: snapshotOf(line.product_id),
    })),
  );
  const placed = await findOrder(tx, orderId);
  await recordChange(tx, actor, {
    action: 'CREATE',
    entityType: 'ORDER',
    entityId: orderId,
    after: {
      buyerId: input.buyerId,
      buyerBranch: input.buyerBranch,
      buyerRequestReferenceCode: input.buyerRequestReferenceCode,
      colorGroup: input.colorGroup,
      plannedShipmentDate: input.plannedShipmentDate,
      totalPrice: total,
      items: lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    },
  });
  return placed;
}
