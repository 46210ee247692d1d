import { MAX_MONEY, ORDER_TOTAL_TOO_LARGE_MESSAGE } from '@mandira/contract/bounds';
import { type ApplyToOrderBody, BRANCH_REQUIRED_MESSAGE, type Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.ts';
import { appendNewOrderTransaction } from '../accounting/ledger.ts';
import { recordChange } from '../audit/record-change.ts';
import { findOrder } from './order.repo.ts';
import { changeReservation, currentBundleSnapshots, reserveOrRefuse } from './reservations.ts';

type ApplyInput = z.output<typeof ApplyToOrderBody>;

type LineRow = { id: number; product_id: number; quantity: number };

export const EMPTY_BASKET_MESSAGE = 'Müşterinin sepeti boş; sipariş oluşturulamaz.';
export const FOREIGN_BRANCH_MESSAGE = 'Seçilen teslimat şubesi bu müşterinin depolarından biri değil.';

/** The branch, when one is chosen, must be one of the buyer's warehouses (422 otherwise). */
export async function assertBranchOfBuyer(tx: Tx, buyerId: number, branchId: number | null): Promise<void> {
  if (branchId === null) return;
  const [branch] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from buyer_warehouses where id = ${branchId} and buyer_id = ${buyerId}`,
  );
  if (!branch) throw new AppError('BUSINESS_RULE', FOREIGN_BRANCH_MESSAGE, 'buyerBranch');
}

/** A buyer with delivery warehouses must say which one an order goes to (400 on the field, decision 102). */
export async function assertBuyerHasNoBranches(tx: Tx, buyerId: number): Promise<void> {
  const [branch] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from buyer_warehouses where buyer_id = ${buyerId} limit 1`,
  );
  if (branch) throw badRequest(BRANCH_REQUIRED_MESSAGE, 'buyerBranch');
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
  const [basket] = await rowsOf<{ id: number }>(
    tx,
    sql`select k.id from baskets k join buyers b on b.id = k.buyer_id where k.buyer_id = ${input.buyerId} for update of k`,
  );
  if (!basket) {
    const [buyer] = await rowsOf<{ id: number }>(tx, sql`select id from buyers where id = ${input.buyerId}`);
    if (!buyer) throw notFound('Müşteri bulunamadı.');
    throw businessRule(EMPTY_BASKET_MESSAGE);
  }
  const lines = await rowsOf<LineRow>(
    tx,
    sql`select id, product_id, quantity from basket_lines where basket_id = ${basket.id} order by id`,
  );
  if (lines.length === 0) throw businessRule(EMPTY_BASKET_MESSAGE);
  await assertBranchOfBuyer(tx, input.buyerId, input.buyerBranch);
  if (input.buyerBranch === null) await assertBuyerHasNoBranches(tx, input.buyerId);
  const productIds = [...new Set(lines.map((line) => line.product_id))].sort((a, b) => a - b);
  // A bundle edit of these products waits until the order holds the bundle it was placed with.
  await tx.execute(
    sql`select id from products where id = any(${sql.param(productIds)}::int[]) order by id for share`,
  );
  // The basket was bounded at today's prices when filled (decision 95); a price raised since may take the
  // total past what the order's numeric(14,2) total keeps, so it is summed wide and refused first.
  const [priced] = await rowsOf<{ total: string }>(
    tx,
    sql`select coalesce(sum(l.quantity * greatest(p.price - p.discount, 0)), 0)::text as total
          from basket_lines l join products p on p.id = l.product_id
         where l.basket_id = ${basket.id}`,
  );
  const total = Number(priced!.total);
  if (total > MAX_MONEY) throw businessRule(ORDER_TOTAL_TOO_LARGE_MESSAGE(total));
  await reserveOrRefuse(
    tx,
    lines.map((line) => ({ productId: line.product_id, pieces: line.quantity, held: line.quantity })),
  );

  const [order] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into orders (buyer_id, buyer_branch_id, buyer_request_reference_code, color_group,
                            planned_shipment_date, created_by)
        values (${input.buyerId}, ${input.buyerBranch}, ${input.buyerRequestReferenceCode}, ${input.colorGroup},
                ${input.plannedShipmentDate}::date, ${actor.userId || null})
        returning id`,
  );
  const orderId = order!.id;
  const snapshots = await currentBundleSnapshots(tx, productIds);
  const snapshotOf = (productId: number) => snapshots.get(productId)!;
  await tx.execute(sql`
    insert into order_items (order_id, product_id, product_name, stock_code, barcode, quantity_in_box,
                             bundle_snapshot_id, unit_price, discount, ordered_quantity, quantity)
    select ${orderId}, p.id, p.name, p.stock_code, p.barcode, p.quantity_inside_box, s.snapshot_id,
           p.price, p.discount, l.quantity, l.quantity
      from basket_lines l join products p on p.id = l.product_id
      join unnest(${sql.param(productIds)}::int[], ${sql.param(productIds.map(snapshotOf))}::int[])
           as s(product_id, snapshot_id) on s.product_id = p.id
     where l.basket_id = ${basket.id}
     order by l.id`);
  await tx.execute(sql`
    update orders o
       set total_price = t.total, dealt_total_price = t.total
      from (select coalesce(sum(oi.ordered_quantity * greatest(oi.unit_price - oi.discount, 0)), 0) as total
              from order_items oi where oi.order_id = ${orderId}) t
     where o.id = ${orderId}`);
  await appendNewOrderTransaction(tx, orderId, actor.userId || null);
  await tx.execute(sql`delete from basket_lines where basket_id = ${basket.id}`);
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
