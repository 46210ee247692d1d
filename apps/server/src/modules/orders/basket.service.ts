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
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { turkishContains } from '../../db/turkish-search.ts';
import type { Actor } from '../../http/auth.ts';
import { businessRule, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { changeReservation, reserveOrRefuse } from './reservations.ts';

type AddInput = z.output<typeof AddToBasketBody>;
type SetInput = z.output<typeof SetBasketLineBody>;
type ListInput = z.output<typeof BasketListQuery>;

type BasketRow = {
  basket_id: number;
  buyer_id: number;
  buyer_title: string;
  buyer_name: string;
  buyer_code: string;
  line_id: number | null;
  product_id: number | null;
  product_name: string | null;
  stock_code: string | null;
  barcode: string | null;
  quantity_inside_box: number | null;
  price: number | null;
  discount: number | null;
  box_quantity: number | null;
  quantity: number | null;
};

/** The baskets `where` selects (a condition on `k`, the baskets table), lines in the order they were added. */
async function findBaskets(db: Db | Tx, where: SQL): Promise<Basket[]> {
  const rows = await rowsOf<BasketRow>(
    db,
    sql`select k.id as basket_id, k.buyer_id, b.title as buyer_title,
               trim(b.name || ' ' || b.surname) as buyer_name, b.code as buyer_code,
               l.id as line_id, p.id as product_id, p.name as product_name, p.stock_code, p.barcode,
               p.quantity_inside_box, p.price::float8 as price, p.discount::float8 as discount,
               l.box_quantity, l.quantity
          from baskets k
          join buyers b on b.id = k.buyer_id
          left join basket_lines l on l.basket_id = k.id
          left join products p on p.id = l.product_id
         where ${where}
         order by b.title, k.id, l.id`,
  );
  const baskets = new Map<number, Basket>();
  for (const row of rows) {
    let basket = baskets.get(row.basket_id);
    if (!basket) {
      basket = {
        id: row.basket_id,
        buyerId: row.buyer_id,
        buyer: { id: row.buyer_id, title: row.buyer_title, name: row.buyer_name, code: row.buyer_code },
        basketItems: [],
        totalPrice: 0,
      };
      baskets.set(row.basket_id, basket);
    }
    if (row.line_id === null) continue;
    const price = Number(row.price);
    const discount = Number(row.discount);
    const totalPrice = Math.round(row.quantity! * Math.max(0, price - discount) * 100) / 100;
    basket.basketItems.push({
      id: row.line_id,
      productId: row.product_id!,
      product: {
        id: row.product_id!,
        name: row.product_name!,
        stockCode: row.stock_code,
        barcode: row.barcode,
        quantityInsideBox: row.quantity_inside_box!,
        price,
        discount,
      },
      boxQuantity: row.box_quantity!,
      quantity: row.quantity!,
      totalPrice,
    });
    basket.totalPrice = Math.round((basket.totalPrice + totalPrice) * 100) / 100;
  }
  return [...baskets.values()];
}

const DEFAULT_PAGE_SIZE = 20;

/** The query's filters as a condition on `k` (baskets) and `b` (their buyers). */
function conditionsOf(query: ListInput): SQL {
  return and(
    sql`exists (select 1 from basket_lines x where x.basket_id = k.id)`,
    query.buyerId !== undefined ? sql`k.buyer_id = ${query.buyerId}` : undefined,
    query.q ? turkishContains([sql`b.title`, sql`b.code`, sql`b.name`, sql`b.surname`], query.q) : undefined,
  )!;
}

/**
 * `GET /admin/baskets`: every basket holding a line, by buyer title. With `page` or `size` one page of
 * them and the count, the page chosen in SQL before its lines are read (docs/decisions/0116-baskets-item-catalogue-page-search-sql-unpaged.md).
 */
export async function listBaskets(db: Db | Tx, query: ListInput = {}): Promise<Basket[] | BasketPage> {
  const where = conditionsOf(query);
  if (!isPaged(query)) return findBaskets(db, where);
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const [counted] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from baskets k join buyers b on b.id = k.buyer_id where ${where}`,
  );
  const ids = await rowsOf<{ id: number }>(
    db,
    sql`select k.id from baskets k join buyers b on b.id = k.buyer_id where ${where}
         order by b.title, k.id limit ${size} offset ${(page - 1) * size}`,
  );
  const baskets =
    ids.length === 0
      ? []
      : await findBaskets(db, sql`k.id = any(${sql.param(ids.map((row) => row.id))}::int[])`);
  const count = counted?.count ?? 0;
  return { baskets, page, size, count, totalPages: Math.max(1, Math.ceil(count / size)) };
}

export async function basketOfBuyer(db: Db | Tx, buyerId: number): Promise<Basket> {
  const [basket] = await findBaskets(db, sql`k.buyer_id = ${buyerId}`);
  if (!basket) throw notFound('Bu müşterinin sepeti yok.');
  return basket;
}

/**
 * The buyer's basket row, created on first use and locked until the transaction ends, so two
 * requests on one basket (an add and a placing) take turns.
 */
async function lockBasket(tx: Tx, buyerId: number): Promise<number> {
  const [buyer] = await rowsOf<{ id: number }>(tx, sql`select id from buyers where id = ${buyerId}`);
  if (!buyer) throw notFound('Müşteri bulunamadı.');
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into baskets (buyer_id) values (${buyerId})
        on conflict (buyer_id) do update set updated_at = now()
        returning id`,
  );
  return row!.id;
}

async function productBox(tx: Tx, productId: number): Promise<{ name: string; box: number }> {
  const [product] = await rowsOf<{ name: string; quantity_inside_box: number }>(
    tx,
    sql`select name, quantity_inside_box from products where id = ${productId}`,
  );
  if (!product) throw notFound('Satış ürünü bulunamadı.');
  if (product.quantity_inside_box <= 0) {
    throw businessRule(
      `'${product.name}' ürününün koli içi adedi tanımlı değil; koli ile sipariş verilemez.`,
    );
  }
  return { name: product.name, box: product.quantity_inside_box };
}

/**
 * A basket line holds at most MAX_PIECES pieces, and a basket at most MAX_MONEY TL at today's prices, the
 * most the order it becomes can keep as its total (decisions 94, 95): 422 before anything is written. The
 * total is summed in numeric, with the line of this product at `pieces`.
 */
async function assertLineFits(tx: Tx, basketId: number, productId: number, name: string, pieces: number) {
  if (pieces > MAX_PIECES) throw businessRule(TOO_MANY_PIECES_IN_LINE_MESSAGE(name, pieces));
  const [row] = await rowsOf<{ total: string }>(
    tx,
    sql`select (coalesce((select sum(l.quantity * greatest(p.price - p.discount, 0))
                            from basket_lines l join products p on p.id = l.product_id
                           where l.basket_id = ${basketId} and l.product_id <> ${productId}), 0)
                + ${pieces}::numeric * (select greatest(price - discount, 0) from products where id = ${productId})
               )::text as total`,
  );
  const total = Number(row!.total);
  if (total > MAX_MONEY) throw businessRule(BASKET_TOTAL_TOO_LARGE_MESSAGE(total));
}

/** Adds boxes of a product to the buyer's basket; the same product again raises its line. */
export async function addToBasket(tx: Tx, actor: Actor, input: AddInput): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const { name, box } = await productBox(tx, input.productId);
  const pieces = input.boxQuantity * box;
  const [line] = await rowsOf<{ quantity: number }>(
    tx,
    sql`select quantity from basket_lines where basket_id = ${basketId} and product_id = ${input.productId}`,
  );
  await assertLineFits(tx, basketId, input.productId, name, (line?.quantity ?? 0) + pieces);
  await reserveOrRefuse(tx, [{ productId: input.productId, pieces }]);
  await tx.execute(sql`
    insert into basket_lines (basket_id, product_id, box_quantity, quantity)
    values (${basketId}, ${input.productId}, ${input.boxQuantity}, ${pieces})
    on conflict (basket_id, product_id) do update
      set box_quantity = basket_lines.box_quantity + excluded.box_quantity,
          quantity = basket_lines.quantity + excluded.quantity,
          updated_at = now()`);
  await changeReservation(tx, [{ productId: input.productId, basketPieces: pieces }]);
  await recordBasket(tx, actor, 'ADD', basketId, input, line?.quantity ?? 0, (line?.quantity ?? 0) + pieces);
  return basketOfBuyer(tx, input.buyerId);
}

/** Sets the boxes of a product already in the buyer's basket; more boxes reserve the difference. */
export async function setBasketLine(tx: Tx, actor: Actor, input: SetInput): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const [line] = await rowsOf<{ id: number; quantity: number }>(
    tx,
    sql`select id, quantity from basket_lines where basket_id = ${basketId} and product_id = ${input.productId}`,
  );
  if (!line) throw notFound('Bu ürün müşterinin sepetinde yok.');
  const { name, box } = await productBox(tx, input.productId);
  const pieces = input.boxQuantity * box;
  await assertLineFits(tx, basketId, input.productId, name, pieces);
  if (pieces > line.quantity) {
    await reserveOrRefuse(tx, [{ productId: input.productId, pieces: pieces - line.quantity }]);
  }
  await tx.execute(sql`
    update basket_lines set box_quantity = ${input.boxQuantity}, quantity = ${pieces}, updated_at = now()
     where id = ${line.id}`);
  await changeReservation(tx, [{ productId: input.productId, basketPieces: pieces - line.quantity }]);
  await recordBasket(tx, actor, 'UPDATE', basketId, input, line.quantity, pieces);
  return basketOfBuyer(tx, input.buyerId);
}

type RemovedLine = { product_id: number; quantity: number };

const released = (line: RemovedLine) => ({ productId: line.product_id, basketPieces: -line.quantity });

/** Removes one line (by its id) from the buyer's basket. */
export async function deleteBasketLine(
  tx: Tx,
  actor: Actor,
  input: { itemId: number; buyerId: number },
): Promise<Basket> {
  const basketId = await lockBasket(tx, input.buyerId);
  const deleted = await rowsOf<RemovedLine>(
    tx,
    sql`delete from basket_lines where id = ${input.itemId} and basket_id = ${basketId}
        returning product_id, quantity`,
  );
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
  const deleted = await rowsOf<RemovedLine>(
    tx,
    sql`delete from basket_lines where basket_id = ${basketId} returning product_id, quantity`,
  );
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
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(distinct basket_id)::int as count from basket_lines`,
  );
  return row?.count ?? 0;
}
