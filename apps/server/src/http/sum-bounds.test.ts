import type { Basket } from '@mandira/contract/baskets';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { ProductItem } from '@mandira/contract/products';
import type { Product } from '@mandira/contract/sellable-products';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  buyer,
  figures,
  type OrderWorld,
  orderWorld,
  product,
  reservationDrift,
} from '../../test/builders/order-test-data.ts';
import { createItem } from '../../test/builders/product-test-data.ts';
import { rowsOf } from '../db/client.ts';
import { applyStockChanges } from '../modules/stock/stock-movement.service.ts';

/**
 * Values that are each valid but whose sums pass a 4-byte integer or the money column (decision 94):
 * the sums are answered whole, and what one row keeps is refused with 422 before it overflows.
 */
const MAX = 2_147_483_647;
const SYSTEM = { userId: 0, userName: 'test', roles: [], privileges: new Set<never>(), isSuperAdmin: true };

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w.close());

/** An item whose lines in every warehouse hold `pieces` each (a stock count, as the warehouse would). */
async function itemFilledTo(pieces: number, overrides = {}): Promise<number> {
  const item = await createItem(w.t, w.sales, overrides);
  const lines = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select id from stock_lines where product_item_id = ${item.id} order by warehouse_id`,
  );
  await applyStockChanges(
    w.t.db,
    lines.map((line) => ({
      stockLineId: line.id,
      kind: 'set',
      quantity: pieces,
      action: 'STOCK_COUNT',
      notes: '',
    })),
    { actor: SYSTEM },
  );
  return item.id;
}

/** A product of one piece of `itemId` (a new item full in every warehouse unless given). */
async function fullProduct(box: number, price: number, itemId?: number) {
  const item = itemId ?? (await itemFilledTo(MAX));
  const productId = await product(w, [{ itemId: item, quantity: 1 }], {
    quantityInsideBox: box,
    price,
    discount: 0,
  });
  return { itemId: item, productId };
}

const itemOf = async (id: number): Promise<ProductItem> =>
  (await w.call('GET', `/product-item/${id}`, undefined, w.warehouse)).json.data;

describe('an item whose stock lines together pass 2³¹ pieces', () => {
  it('is listed, read and moved with its whole total, and its products show it', async () => {
    const itemId = await itemFilledTo(MAX, { quantityInBox: 1 });
    const total = 4 * MAX;
    const { productId } = await fullProduct(1, 10, itemId);

    const one = await w.call('GET', `/product-item/${itemId}`, undefined, w.warehouse);
    expect(one.statusCode).toBe(200);
    expect(one.json.data).toMatchObject({ totalStockQuantity: total, boxQuantity: total });
    const list = await w.call('GET', '/product-item', undefined, w.warehouse);
    expect(list.statusCode).toBe(200);
    expect((list.json.data as ProductItem[]).find((row) => row.id === itemId)?.totalStockQuantity).toBe(
      total,
    );

    const products = await w.call('GET', '/products');
    expect(products.statusCode).toBe(200);
    expect((products.json.data as Product[]).find((row) => row.id === productId)).toMatchObject({
      warehouseStockCount: total,
      availableStockCount: total,
      availableBoxCount: total,
    });
    expect(await figures(w, productId)).toMatchObject({ warehouseStockCount: total });

    const item = await itemOf(itemId);
    const goodsOut = await w.call(
      'PUT',
      '/product-item/stock-export-bulk',
      {
        stockChange: [{ id: item.stocks[0]!.id, exportedQuantity: 1, stockOperationType: 'RETAIL_OUTBOUND' }],
      },
      w.warehouse,
    );
    expect(goodsOut.statusCode).toBe(200);
    expect((goodsOut.json.data as ProductItem[]).find((row) => row.id === itemId)?.totalStockQuantity).toBe(
      total - 1,
    );
    // A line itself still holds at most 2³¹ − 1: the clear refusal of before.
    const goodsIn = await w.call(
      'PUT',
      '/product-item/stock-import-bulk',
      {
        stockChange: [
          { id: item.stocks[1]!.id, importedQuantity: 1, stockOperationType: 'PURCHASE_INBOUND' },
        ],
      },
      w.warehouse,
    );
    expect(goodsIn.statusCode).toBe(422);
    const history = await w.call(
      'GET',
      `/product-item/stock-history?productItemId=${itemId}`,
      undefined,
      w.warehouse,
    );
    expect(history.statusCode).toBe(200);
  });
});

describe("a basket line and a product's reservations stay within 2³¹ − 1 pieces", () => {
  it('refuses with 422 a line of more pieces than a line can hold, writing nothing', async () => {
    const { productId } = await fullProduct(1_000_000, 0);
    const { id: buyerId } = await buyer(w);
    // 3,000 boxes of a million pieces: 3 × 10⁹ pieces, on hand (8.6 × 10⁹) but over what a line holds.
    const refused = await addToBasket(w, buyerId, productId, 3000);
    expect(refused.statusCode).toBe(422);
    expect(refused.json.error.code).toBe('BUSINESS_RULE');
    expect(refused.json.error.message).toMatch(/2\.147\.483\.647/);
    expect(await figures(w, productId)).toMatchObject({ waitingInBasketStockCount: 0 });

    expect((await addToBasket(w, buyerId, productId, 2000)).statusCode).toBe(200);
    // Raising the same line past the bound is refused too.
    const raised = await addToBasket(w, buyerId, productId, 200);
    expect(raised.statusCode).toBe(422);
    const set = await w.call('PUT', '/admin/baskets', { buyerId, productId, boxQuantity: 2200 });
    expect(set.statusCode).toBe(422);
    const basket = (await w.call('GET', `/admin/baskets`)).json.data as Basket[];
    expect(basket.find((one) => one.buyerId === buyerId)?.basketItems[0]).toMatchObject({ quantity: 2e9 });
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });

  it("refuses with 422 a basket add that would take a product's waiting pieces past 2³¹ − 1", async () => {
    const { productId } = await fullProduct(1_000_000, 0);
    const first = await buyer(w);
    const second = await buyer(w);
    expect((await addToBasket(w, first.id, productId, 2000)).statusCode).toBe(200);
    const refused = await addToBasket(w, second.id, productId, 2000);
    expect(refused.statusCode).toBe(422);
    expect(refused.json.error.message).toMatch(/2\.147\.483\.647/);
    expect(await figures(w, productId)).toMatchObject({ waitingInBasketStockCount: 2e9 });
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });

  it('sums the reservations of products sharing an item without overflowing', async () => {
    const { itemId, productId: big } = await fullProduct(1_000_000, 0);
    const { productId: other } = await fullProduct(1_000_000, 0, itemId);
    const first = await buyer(w);
    const second = await buyer(w);
    expect((await addToBasket(w, first.id, big, 2000)).statusCode).toBe(200);
    expect((await addToBasket(w, second.id, other, 2000)).statusCode).toBe(200);
    const listed = await w.call('GET', '/products');
    expect(listed.statusCode).toBe(200);
    expect(await figures(w, big)).toMatchObject({ availableStockCount: 4 * MAX - 4e9 });
  });
});

describe('money: a basket and an order hold at most 999.999.999.999,99 TL', () => {
  it('refuses with 422 a basket add or a raised line past the most an order can total, writing nothing', async () => {
    const { itemId, productId } = await fullProduct(1, 1e9);
    const { id: buyerId } = await buyer(w);
    const added = await addToBasket(w, buyerId, productId, 999);
    expect(added.statusCode).toBe(200);
    expect((added.json.data as Basket).totalPrice).toBe(999e9);
    const refused = await addToBasket(w, buyerId, productId, 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json.error).toEqual({
      code: 'BUSINESS_RULE',
      message:
        'Sepet tutarı 1.000.000.000.000,00 ₺ olurdu; bir sepet ve sipariş en çok 999.999.999.999,99 ₺ tutabilir. Hiçbir değişiklik yapılmadı.',
    });
    expect(
      (await w.call('PUT', '/admin/baskets', { buyerId, productId, boxQuantity: 1000 })).statusCode,
    ).toBe(422);
    // Another product in the same basket counts too.
    const { productId: another } = await fullProduct(1, 1e9, itemId);
    expect((await addToBasket(w, buyerId, another, 1)).statusCode).toBe(422);
    const [basket] = ((await w.call('GET', '/admin/baskets')).json.data as Basket[]).filter(
      (one) => one.buyerId === buyerId,
    );
    expect(basket!.totalPrice).toBe(999e9);
    expect(basket!.basketItems).toHaveLength(1);
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });

  it('refuses with 422 an order whose total at placing passes the money column, keeping the basket', async () => {
    const { itemId, productId } = await fullProduct(1, 1e8);
    const { id: buyerId } = await buyer(w);
    expect((await addToBasket(w, buyerId, productId, 9000)).statusCode).toBe(200);
    // The price rises after the basket was filled: 9,000 pieces at 10⁹ TL.
    const raised = await w.call(
      'PUT',
      '/products',
      {
        id: productId,
        name: 'Pahalı',
        quantityInsideBox: 1,
        price: 1e9,
        productBundle: [{ productItemId: itemId, quantity: 1 }],
      },
      w.sales,
    );
    expect(raised.statusCode).toBe(200);
    const orders = await rowsOf<{ count: number }>(w.t.db, sql`select count(*)::int as count from orders`);
    const placed = await w.call('POST', '/admin/baskets/apply-to-order', {
      buyerId,
      plannedShipmentDate: istanbulDate(new Date()),
    });
    expect(placed.statusCode).toBe(422);
    expect(placed.json.error).toEqual({
      code: 'BUSINESS_RULE',
      message:
        'Sipariş tutarı 9.000.000.000.000,00 ₺ olurdu; bir sipariş en çok 999.999.999.999,99 ₺ tutabilir. Sepeti küçültüp yeniden deneyiniz.',
    });
    expect(await rowsOf<{ count: number }>(w.t.db, sql`select count(*)::int as count from orders`)).toEqual(
      orders,
    );
    expect(await figures(w, productId)).toMatchObject({
      waitingInBasketStockCount: 9000,
      waitingInOrderStockCount: 0,
    });
  });

  it("sums a buyer's orders beyond the money column in the account summary and statement", async () => {
    const { productId } = await fullProduct(1, 1e9);
    const { id: buyerId } = await buyer(w);
    for (let order = 0; order < 2; order++) {
      expect((await addToBasket(w, buyerId, productId, 600)).statusCode).toBe(200);
      expect(
        (
          await w.call('POST', '/admin/baskets/apply-to-order', {
            buyerId,
            plannedShipmentDate: istanbulDate(new Date()),
          })
        ).statusCode,
      ).toBe(200);
    }
    const finance = await w.t.tokenWithRoles(['FINANCE_ADMIN']);
    const summary = await w.call('GET', `/accounting/summary?buyerId=${buyerId}`, undefined, finance);
    expect(summary.statusCode).toBe(200);
    expect(summary.json.data).toMatchObject({
      totalAmountOfOrders: 1.2e12,
      remainingAmountToPurchase: 1.2e12,
    });
    const statement = await w.call('GET', `/accounting/statement?buyerId=${buyerId}`, undefined, finance);
    expect(statement.statusCode).toBe(200);
    expect(statement.json.data).toMatchObject({ totalDebit: 1.2e12 });
  });
});

describe('the product form bounds a box at the most money a column holds', () => {
  it('refuses a box whose pieces at the price pass 999.999.999.999,99 TL with 400 on price', async () => {
    const response = await w.call(
      'POST',
      '/products',
      { name: 'Altın Kaplama Peynir', quantityInsideBox: 1_000_000, price: 1e9 },
      w.sales,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({
      code: 'VALIDATION',
      field: 'price',
      message: 'Fiyat: Bir kolinin tutarı (koli içi adet × fiyat) en çok 999.999.999.999,99 ₺ olabilir.',
    });
  });
});
