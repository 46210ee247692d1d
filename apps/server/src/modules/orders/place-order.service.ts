import { MAX_MONEY, ORDER_TOTAL_TOO_LARGE_MESSAGE } from '@mandira/contract/bounds';
import { type ApplyToOrderBody, BRANCH_REQUIRED_MESSAGE, type Order } from '@mandira/contract/orders';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { buyerExists } from './basket.repo.ts';
import { findOrder } from './order.repo.ts';
import {
  type BranchFacts,
  branchFactsOf,
  insertOrderWithItems,
  lockBasketWithBranchFacts,
  lockedBasketLines,
} from './place-order.repo.ts';
import { changeReservation, currentBundleSnapshots, reserveOrRefuse } from './reservations.ts';

type ApplyInput = z.output<typeof ApplyToOrderBody>;

export const EMPTY_BASKET_MESSAGE = 'Müşterinin sepeti boş; sipariş oluşturulamaz.';
export const FOREIGN_BRANCH_MESSAGE = 'Seçilen teslimat şubesi bu müşterinin depolarından biri değil.';

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
  refuseForeignOrMissingBranch(await branchFactsOf(tx, buyerId, branchId), branchId);
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
  const basket = await lockBasketWithBranchFacts(tx, input.buyerId, input.buyerBranch);
  if (!basket) {
    if (!(await buyerExists(tx, input.buyerId))) throw notFound('Müşteri bulunamadı.');
    throw businessRule(EMPTY_BASKET_MESSAGE);
  }
  // The products are locked in id order first: a bundle edit of them waits until the order holds the
  // bundle it was placed with, and the prices summed are the ones the items will copy. The basket was
  // bounded at today's prices when filled (decision 95); a price raised since may take the total past what
  // the order's numeric(14,2) total keeps, so it is summed wide and refused first.
  const lines = await lockedBasketLines(tx, basket.id);
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
  // The order with its total, its NEW_ORDER entry and its items from the basket's lines, which the same
  // statement deletes: the items are exactly the lines the basket gave up.
  const orderId = await insertOrderWithItems(
    tx,
    input,
    { basketId: basket.id, summed, createdBy: actor.userId || null },
    productIds,
    snapshotOf,
  );
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
