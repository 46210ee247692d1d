import type { Basket, BasketListQuery } from '@mandira/contract/baskets';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, preparedRowsOf, rowsOf, type Tx } from '../../db/client.ts';
import { turkishContains } from '../../db/turkish-search.ts';

type ListInput = z.output<typeof BasketListQuery>;

/** A basket line taken out of its basket: what it had reserved of its product. */
export type RemovedLine = { product_id: number; quantity: number };

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
export async function findBaskets(db: Db | Tx, where: SQL): Promise<Basket[]> {
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

/** The query's filters as a condition on `k` (baskets) and `b` (their buyers). */
export function basketConditions(query: ListInput): SQL {
  return and(
    sql`exists (select 1 from basket_lines x where x.basket_id = k.id)`,
    query.buyerId !== undefined ? sql`k.buyer_id = ${query.buyerId}` : undefined,
    query.q ? turkishContains([sql`b.title`, sql`b.code`, sql`b.name`, sql`b.surname`], query.q) : undefined,
  )!;
}

/** How many baskets `where` (see basketConditions) matches. */
export async function countBasketsWhere(db: Db | Tx, where: SQL): Promise<number> {
  const [counted] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from baskets k join buyers b on b.id = k.buyer_id where ${where}`,
  );
  return counted?.count ?? 0;
}

/** The ids of one page of the baskets `where` matches, by buyer title. */
export async function basketIdsPage(
  db: Db | Tx,
  where: SQL,
  size: number,
  offset: number,
): Promise<number[]> {
  const ids = await rowsOf<{ id: number }>(
    db,
    sql`select k.id from baskets k join buyers b on b.id = k.buyer_id where ${where}
         order by b.title, k.id limit ${size} offset ${offset}`,
  );
  return ids.map((row) => row.id);
}

export const basketsWithIds = (db: Db | Tx, ids: number[]) =>
  findBaskets(db, sql`k.id = any(${sql.param(ids)}::int[])`);

export const basketsOfBuyer = (db: Db | Tx, buyerId: number) => findBaskets(db, sql`k.buyer_id = ${buyerId}`);

export async function buyerExists(tx: Tx, buyerId: number): Promise<boolean> {
  const [buyer] = await rowsOf<{ id: number }>(tx, sql`select id from buyers where id = ${buyerId}`);
  return buyer !== undefined;
}

/**
 * The buyer's basket row, made on first use, and locked until the transaction ends; its id, or
 * undefined when there is no such buyer (then nothing is written).
 */
export async function upsertBasketOfBuyer(tx: Tx, buyerId: number): Promise<number | undefined> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into baskets (buyer_id) select id from buyers where id = ${buyerId}
        on conflict (buyer_id) do update set updated_at = now()
        returning id`,
  );
  return row?.id;
}

/**
 * What adding `boxQuantity` boxes of a product to the basket is checked against, in one read: the
 * product's name and pieces a box, the pieces of the basket's line of it (null for none), and the
 * basket's total at today's prices with that line raised by the boxes, summed in numeric (as text);
 * undefined when there is no such product.
 */
export async function basketAddFacts(tx: Tx, basketId: number, productId: number, boxQuantity: number) {
  const [facts] = await preparedRowsOf<{
    name: string;
    quantity_inside_box: number;
    line_quantity: number | null;
    total: string;
  }>(
    tx,
    'basket_add_facts',
    sql`select p.name, p.quantity_inside_box, l.quantity as line_quantity,
               (coalesce((select sum(o.quantity * greatest(op.price - op.discount, 0))
                            from basket_lines o join products op on op.id = o.product_id
                           where o.basket_id = ${basketId} and o.product_id <> ${productId}), 0)
                + (coalesce(l.quantity, 0) + ${boxQuantity}::numeric * p.quantity_inside_box)
                  * greatest(p.price - p.discount, 0))::text as total
          from products p
          left join basket_lines l on l.basket_id = ${basketId} and l.product_id = p.id
         where p.id = ${productId}`,
  );
  return facts;
}

export async function productNameAndBox(tx: Tx, productId: number) {
  const [product] = await rowsOf<{ name: string; quantity_inside_box: number }>(
    tx,
    sql`select name, quantity_inside_box from products where id = ${productId}`,
  );
  return product;
}

/**
 * The basket's total at today's prices with its line of this product at `pieces`, summed in numeric
 * (as text).
 */
export async function basketTotalWithLine(
  tx: Tx,
  basketId: number,
  productId: number,
  pieces: number,
): Promise<string> {
  const [row] = await rowsOf<{ total: string }>(
    tx,
    sql`select (coalesce((select sum(l.quantity * greatest(p.price - p.discount, 0))
                            from basket_lines l join products p on p.id = l.product_id
                           where l.basket_id = ${basketId} and l.product_id <> ${productId}), 0)
                + ${pieces}::numeric * (select greatest(price - discount, 0) from products where id = ${productId})
               )::text as total`,
  );
  return row!.total;
}

/** The basket's line of this product, its id and pieces; undefined when it has none. */
export async function basketLineOf(tx: Tx, basketId: number, productId: number) {
  const [line] = await rowsOf<{ id: number; quantity: number }>(
    tx,
    sql`select id, quantity from basket_lines where basket_id = ${basketId} and product_id = ${productId}`,
  );
  return line;
}

/** Adds the boxes and pieces to the basket's line of the product, made when there is none. */
export async function addToBasketLine(
  tx: Tx,
  line: { basketId: number; productId: number; boxQuantity: number; pieces: number },
): Promise<void> {
  await tx.execute(sql`
    insert into basket_lines (basket_id, product_id, box_quantity, quantity)
    values (${line.basketId}, ${line.productId}, ${line.boxQuantity}, ${line.pieces})
    on conflict (basket_id, product_id) do update
      set box_quantity = basket_lines.box_quantity + excluded.box_quantity,
          quantity = basket_lines.quantity + excluded.quantity,
          updated_at = now()`);
}

export async function setBasketLineQuantity(
  tx: Tx,
  lineId: number,
  boxQuantity: number,
  pieces: number,
): Promise<void> {
  await tx.execute(sql`
    update basket_lines set box_quantity = ${boxQuantity}, quantity = ${pieces}, updated_at = now()
     where id = ${lineId}`);
}

/** Deletes the line of this id if it is the basket's; what it held (none when it is not). */
export function deleteLineOfBasket(tx: Tx, basketId: number, lineId: number) {
  return rowsOf<RemovedLine>(
    tx,
    sql`delete from basket_lines where id = ${lineId} and basket_id = ${basketId}
        returning product_id, quantity`,
  );
}

/** Deletes every line of the basket; what they held. */
export function deleteLinesOfBasket(tx: Tx, basketId: number) {
  return rowsOf<RemovedLine>(
    tx,
    sql`delete from basket_lines where basket_id = ${basketId} returning product_id, quantity`,
  );
}

/** Baskets holding at least one line. */
export async function countBasketsWithLines(db: Db): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(distinct basket_id)::int as count from basket_lines`,
  );
  return row?.count ?? 0;
}
