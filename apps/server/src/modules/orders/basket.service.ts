import type { AuditAction } from '@mandira/contract/audit-labels';
import type {
  AddToBasketBody,
  Basket,
  BasketListQuery,
  BasketPage,
  SetBasketLineBody,
} from '@mandira/contract/baskets';
import {
  BASKET_TOTAL_TOO_LARGE_MESSAGE,
  MAX_MONEY,
  MAX_PIECES,
  TOO_MANY_PIECES_IN_LINE_MESSAGE,
} from '@mandira/contract/bounds';
import { isPaged } from '@mandira/contract/paging';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { businessRule, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  addToBasketLine,
  basketAddFacts,
  basketConditions,
  basketIdsPage,
  basketLineOf,
  basketsOfBuyer,
  basketsWithIds,
  basketTotalWithLine,
  countBasketsWhere,
  countBasketsWithLines,
  deleteLineOfBasket,
  deleteLinesOfBasket,
  findBaskets,
  productNameAndBox,
  type RemovedLine,
  setBasketLineQuantity,
  upsertBasketOfBuyer,
} from './basket.repo.ts';
import { changeReservation, reserveOrRefuse } from './reservations.ts';

type AddInput = z.output<typeof AddToBasketBody>;
type SetInput = z.output<typeof SetBasketLineBody>;
type ListInput = z.output<typeof BasketListQuery>;

const DEFAULT_PAGE_SIZE = 20;

/**
 * `GET /admin/baskets`: every basket holding a line, by buyer title. With `page` or `size` one page of
 * them and the count, the page chosen in SQL before its lines are read (docs/decisions/0116-baskets-item-catalogue-page-search-sql-unpaged.md).
 */
export async function listBaskets(db: Db | Tx, query: ListInput = {}): Promise<Basket[] | BasketPage> {
  const where = basketConditions(query);
  if (!isPaged(query)) return findBaskets(db, where);
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const count = await countBasketsWhere(db, where);
  const ids = await basketIdsPage(db, where, size, (page - 1) * size);
  const baskets = ids.length === 0 ? [] : await basketsWithIds(db, ids);
  return { baskets, page, size, count, totalPages: Math.max(1, Math.ceil(count / size)) };
}

export async function basketOfBuyer(db: Db | Tx, buyerId: number): Promise<Basket> {
  const [basket] = await basketsOfBuyer(db, buyerId);
  if (!basket) throw notFound('Bu müşterinin sepeti yok.');
  return basket;
}

/**
 * The buyer's basket row, created on first use and locked until the transaction ends, so two
 * requests on one basket (an add and a placing) take turns.
 */
async function lockBasket(tx: Tx, buyerId: number): Promise<number> {
  const basketId = await upsertBasketOfBuyer(tx, buyerId);
  if (basketId === undefined) throw notFound('Müşteri bulunamadı.');
  return basketId;
}

/** A product's name and pieces a box, refused when there is none (404) or it has no box (422). */
function boxOf(product: { name: string; quantity_inside_box: number } | undefined): {
  name: string;
  box: number;
} {
  if (!product) throw notFound('Satış ürünü bulunamadı.');
  if (product.quantity_inside_box <= 0) {
    throw businessRule(
      `'${product.name}' ürününün koli içi adedi tanımlı değil; koli ile sipariş verilemez.`,
    );
  }
  return { name: product.name, box: product.quantity_inside_box };
}

const productBox = async (tx: Tx, productId: number) => boxOf(await productNameAndBox(tx, productId));

/**
 * A basket line holds at most MAX_PIECES pieces, and a basket at most MAX_MONEY TL at today's prices, the
 * most the order it becomes can keep as its total (decisions 94, 95): 422 before anything is written. The
 * total is summed in numeric, with the line of this product at `pieces`.
 */
async function assertLineFits(tx: Tx, basketId: number, productId: number, name: string, pieces: number) {
  refusePiecesOverBound(name, pieces);
  refuseTotalOverBound(await basketTotalWithLine(tx, basketId, productId, pieces));
}

function refusePiecesOverBound(name: string, pieces: number): void {
  if (pieces > MAX_PIECES) throw businessRule(TOO_MANY_PIECES_IN_LINE_MESSAGE(name, pieces));
}

function refuseTotalOverBound(summed: string): void {
  const total = Number(summed);
  if (total > MAX_MONEY) throw businessRule(BASKET_TOTAL_TOO_LARGE_MESSAGE(total));
}

/**
 * Adds boxes of a product to the buyer's basket; the same product again raises its line. The product,
 * the line and the basket's total are read in one statement once the basket is locked (decision 183);
 * the refusals come in the same order as before: the product, the line's pieces, the basket's total.
 */
export async function addToBasket(tx: Tx, actor: Actor, input: AddInput): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const facts = await basketAddFacts(tx, basketId, input.productId, input.boxQuantity);
  const { name, box } = boxOf(facts);
  const pieces = input.boxQuantity * box;
  const had = facts!.line_quantity ?? 0;
  refusePiecesOverBound(name, had + pieces);
  refuseTotalOverBound(facts!.total);
  await reserveOrRefuse(tx, [{ productId: input.productId, pieces }]);
  await addToBasketLine(tx, { basketId, productId: input.productId, boxQuantity: input.boxQuantity, pieces });
  await changeReservation(tx, [{ productId: input.productId, basketPieces: pieces }]);
  await recordBasket(tx, actor, 'ADD', basketId, input, had, had + pieces);
  return basketOfBuyer(tx, input.buyerId);
}

/** Sets the boxes of a product already in the buyer's basket; more boxes reserve the difference. */
export async function setBasketLine(tx: Tx, actor: Actor, input: SetInput): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const line = await basketLineOf(tx, basketId, input.productId);
  if (!line) throw notFound('Bu ürün müşterinin sepetinde yok.');
  const { name, box } = await productBox(tx, input.productId);
  const pieces = input.boxQuantity * box;
  await assertLineFits(tx, basketId, input.productId, name, pieces);
  if (pieces > line.quantity) {
    await reserveOrRefuse(tx, [{ productId: input.productId, pieces: pieces - line.quantity }]);
  }
  await setBasketLineQuantity(tx, line.id, input.boxQuantity, pieces);
  await changeReservation(tx, [{ productId: input.productId, basketPieces: pieces - line.quantity }]);
  await recordBasket(tx, actor, 'UPDATE', basketId, input, line.quantity, pieces);
  return basketOfBuyer(tx, input.buyerId);
}

const released = (line: RemovedLine) => ({ productId: line.product_id, basketPieces: -line.quantity });

/** Removes one line (by its id) from the buyer's basket. */
export async function deleteBasketLine(
  tx: Tx,
  actor: Actor,
  input: { itemId: number; buyerId: number },
): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const deleted = await deleteLineOfBasket(tx, basketId, input.itemId);
  if (deleted.length === 0) throw notFound('Sepette böyle bir satır yok.');
  await changeReservation(tx, deleted.map(released));
  const [gone] = deleted;
  await recordBasket(
    tx,
    actor,
    'DELETE',
    basketId,
    { buyerId: input.buyerId, productId: gone!.product_id },
    gone!.quantity,
    0,
  );
  return basketOfBuyer(tx, input.buyerId);
}

/** Empties the buyer's basket, releasing what it reserved. */
export async function cancelBasket(tx: Tx, actor: Actor, input: { buyerId: number }): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const deleted = await deleteLinesOfBasket(tx, basketId);
  await changeReservation(tx, deleted.map(released));
  for (const line of deleted) {
    await recordBasket(
      tx,
      actor,
      'CANCEL',
      basketId,
      { buyerId: input.buyerId, productId: line.product_id },
      line.quantity,
      0,
    );
  }
  return basketOfBuyer(tx, input.buyerId);
}

/** One basket line's change in the audit trail: its pieces before → after. */
function recordBasket(
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  basketId: number,
  line: { buyerId: number; productId: number },
  before: number,
  after: number,
): Promise<void> {
  const of = { buyerId: line.buyerId, productId: line.productId };
  return recordChange(tx, actor, {
    action,
    entityType: 'BASKET',
    entityId: basketId,
    before: { ...of, quantity: before },
    after: { ...of, quantity: after },
  });
}

/** Baskets holding at least one line, for the dashboard. */
export async function countBaskets(db: Db): Promise<number> {
  return countBasketsWithLines(db);
}
