import type { Basket } from '@mandira/contract/baskets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  basketItems,
  branchOf,
  buyer,
  figures,
  itemWithStock,
  type OrderWorld,
  orderWorld,
  product,
  setStock,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';
import { countRows } from '../../../test/builders/product-test-data.ts';

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w.close());

describe('adding to a basket (POST /admin/baskets)', () => {
  it('adds boxes as pieces, raises the same product again, and answers the buyer basket', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 60);
    expect((await addToBasket(w, buyerId, productId, 2)).statusCode).toBe(200);
    const raised = await addToBasket(w, buyerId, productId, 3);
    expect(raised.statusCode).toBe(200);
    const basket = raised.json.data as Basket;
    expect(basket.buyerId).toBe(buyerId);
    expect(basketItems(basket)).toEqual([{ productId, boxQuantity: 5, quantity: 30 }]);
    // 30 pieces at 10 TL less 2 TL discount.
    expect(basket.basketItems[0]!.totalPrice).toBe(240);
    expect(basket.totalPrice).toBe(240);
  });

  it('counts a missing box quantity as one box', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 12);
    const response = await w.call('POST', '/admin/baskets', { buyerId, productId });
    expect(basketItems(response.json.data)).toEqual([{ productId, boxQuantity: 1, quantity: 6 }]);
  });

  it('shows the basket pieces in the figures and takes them from what is available', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 40);
    await addToBasket(w, buyerId, productId, 2);
    expect(await figures(w, productId)).toMatchObject({
      warehouseStockCount: 40,
      waitingInBasketStockCount: 12,
      waitingInOrderStockCount: 0,
      availableStockCount: 28,
      availableBoxCount: 4,
    });
  });

  it('refuses more boxes than are available with 409 naming product, boxes available and asked', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 20, { name: 'Tam Yağlı Beyaz Peynir' });
    await addToBasket(w, buyerId, productId, 2);
    const response = await addToBasket(w, buyerId, productId, 2);
    expect(response.statusCode).toBe(409);
    expect(response.json.error).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message:
        "'Tam Yağlı Beyaz Peynir' ürünü için yeterli stok yok (kullanılabilir: 1 koli, istenen: 2 koli). Hiçbir değişiklik yapılmadı.",
    });
    const [basket] = ((await w.call('GET', '/admin/baskets')).json.data as Basket[]).filter(
      (one) => one.buyerId === buyerId,
    );
    expect(basketItems(basket!)).toEqual([{ productId, boxQuantity: 2, quantity: 12 }]);
  });

  it('refuses a product with no pieces per box (422) and an unknown buyer or product (404)', async () => {
    const { id: buyerId } = await buyer(w);
    const loose = await stockedProduct(w, 50, { quantityInsideBox: 0 });
    expect((await addToBasket(w, buyerId, loose, 1)).statusCode).toBe(422);
    expect((await addToBasket(w, buyerId, 999_999, 1)).statusCode).toBe(404);
    expect((await addToBasket(w, 999_999, loose, 1)).statusCode).toBe(404);
  });
});

describe('products that share an item', () => {
  it('never promise the same pieces twice, in the figures and in the basket', async () => {
    const { id: buyerId } = await buyer(w);
    // 30 pieces of one item; a single holds 1 of it, a double pack 2.
    const itemId = await itemWithStock(w, 30);
    const single = await product(w, [{ itemId, quantity: 1 }]);
    const double = await product(w, [{ itemId, quantity: 2 }]);
    expect((await figures(w, double)).availableStockCount).toBe(15);

    // 2 boxes of doubles = 12 pieces = 24 of the item; 6 remain for the single.
    expect((await addToBasket(w, buyerId, double, 2)).statusCode).toBe(200);
    expect(await figures(w, single)).toMatchObject({
      warehouseStockCount: 30,
      waitingInBasketStockCount: 0,
      availableStockCount: 6,
      availableBoxCount: 1,
    });
    expect(await figures(w, double)).toMatchObject({ waitingInBasketStockCount: 12, availableStockCount: 3 });
    expect((await addToBasket(w, buyerId, single, 2)).statusCode).toBe(409);
    expect((await addToBasket(w, buyerId, single, 1)).statusCode).toBe(200);
    expect((await addToBasket(w, buyerId, double, 1)).statusCode).toBe(409);
    expect((await figures(w, single)).availableStockCount).toBe(0);
  });

  it('shows a negative availability after a goods-out below what is promised, and no boxes', async () => {
    const { id: buyerId } = await buyer(w);
    const itemId = await itemWithStock(w, 12);
    const productId = await product(w, [{ itemId, quantity: 1 }]);
    await addToBasket(w, buyerId, productId, 2);
    await setStock(w, itemId, 5);
    expect(await figures(w, productId)).toMatchObject({ availableStockCount: -7, availableBoxCount: 0 });
  });
});

describe("the order screen's product list (GET /products?packagingGroup=)", () => {
  it('lists the products of the packaging group with their figures, for the order-taking role', async () => {
    const { id: buyerId } = await buyer(w);
    const itemId = await itemWithStock(w, 48);
    const listed = await product(w, [{ itemId, quantity: 1 }], { name: 'Listelenen Peynir' });
    await addToBasket(w, buyerId, listed, 1);
    const taker = await w.t.tokenWithRoles(['ORDER_MANAGER']);
    const response = await w.call('GET', '/products?packagingGroup=1500%20GRAM', undefined, taker);
    expect(response.statusCode).toBe(200);
    const row = (response.json.data as { id: number }[]).find((one) => one.id === listed);
    expect(row).toMatchObject({
      name: 'Listelenen Peynir',
      quantityInsideBox: 6,
      price: 10,
      discount: 2,
      warehouseStockCount: 48,
      waitingInBasketStockCount: 6,
      waitingInOrderStockCount: 0,
      availableStockCount: 42,
      availableBoxCount: 7,
    });
    const other = await w.call('GET', '/products?packagingGroup=500%20GRAM', undefined, taker);
    expect((other.json.data as { id: number }[]).some((one) => one.id === listed)).toBe(false);
  });
});

describe('changing and emptying a basket', () => {
  it('sets a line to fewer boxes freely and to more only while stock allows', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 30);
    await addToBasket(w, buyerId, productId, 4);
    const fewer = await w.call('PUT', '/admin/baskets', { buyerId, productId, boxQuantity: 1 });
    expect(basketItems(fewer.json.data)).toEqual([{ productId, boxQuantity: 1, quantity: 6 }]);
    expect((await w.call('PUT', '/admin/baskets', { buyerId, productId, boxQuantity: 6 })).statusCode).toBe(
      409,
    );
    const more = await w.call('PUT', '/admin/baskets', { buyerId, productId, boxQuantity: 5 });
    expect(basketItems(more.json.data)).toEqual([{ productId, boxQuantity: 5, quantity: 30 }]);
    const absent = await stockedProduct(w, 30);
    expect(
      (await w.call('PUT', '/admin/baskets', { buyerId, productId: absent, boxQuantity: 1 })).statusCode,
    ).toBe(404);
  });

  it('deletes one line by its id, and only from that buyer basket', async () => {
    const [first, second] = [await buyer(w), await buyer(w)];
    const [cheese, butter] = [await stockedProduct(w, 30), await stockedProduct(w, 30)];
    await addToBasket(w, first.id, cheese, 1);
    const basket = (await addToBasket(w, first.id, butter, 1)).json.data as Basket;
    const lineId = basket.basketItems[0]!.id;
    expect((await w.call('POST', `/admin/baskets/${lineId}/delete`, { buyerId: second.id })).statusCode).toBe(
      404,
    );
    const deleted = await w.call('POST', `/admin/baskets/${lineId}/delete`, { buyerId: first.id });
    expect(basketItems(deleted.json.data)).toEqual([{ productId: butter, boxQuantity: 1, quantity: 6 }]);
    expect((await figures(w, cheese)).waitingInBasketStockCount).toBe(0);
  });

  it('cancels a whole basket, which then leaves the list and releases its pieces', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 30);
    await addToBasket(w, buyerId, productId, 3);
    const canceled = await w.call('POST', '/admin/baskets/cancel', { buyerId });
    expect(canceled.json.data.basketItems).toEqual([]);
    const listed = (await w.call('GET', '/admin/baskets')).json.data as Basket[];
    expect(listed.some((basket) => basket.buyerId === buyerId)).toBe(false);
    expect((await figures(w, productId)).availableStockCount).toBe(30);
  });

  it('lists one basket per buyer with its buyer and lines, and counts them for the dashboard', async () => {
    const { id: buyerId, title, code } = await buyer(w);
    const productId = await stockedProduct(w, 30);
    await addToBasket(w, buyerId, productId, 1);
    const listed = (await w.call('GET', '/admin/baskets')).json.data as Basket[];
    const mine = listed.filter((basket) => basket.buyerId === buyerId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.buyer).toMatchObject({ id: buyerId, title, code, name: 'Ayşe Yılmaz' });
    expect(mine[0]!.basketItems[0]!.product).toMatchObject({
      id: productId,
      quantityInsideBox: 6,
      price: 10,
    });
    const count = await w.call('GET', '/dashboard/basket-count', undefined, w.office);
    expect(count.json.data).toBe(listed.length);
  });
});

describe('basket calls refuse bad input, strangers and missing privileges', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/admin/baskets'],
    ['POST', '/admin/baskets', { buyerId: 1, productId: 1, boxQuantity: 1 }],
    ['PUT', '/admin/baskets', { buyerId: 1, productId: 1, boxQuantity: 1 }],
    ['POST', '/admin/baskets/1/delete', { buyerId: 1 }],
    ['POST', '/admin/baskets/cancel', { buyerId: 1 }],
    ['POST', '/admin/baskets/apply-to-order', { buyerId: 1 }],
  ];

  it('answers 401 without a token and 403 to a role without the order screens', async () => {
    for (const [method, url, payload] of calls) {
      const stranger = await w.t.call(undefined, { method: method as 'GET', url: `/api${url}`, payload });
      expect(stranger.statusCode, `${method} ${url}`).toBe(401);
      expect((await w.call(method as 'GET', url, payload, w.warehouse)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    expect((await w.call('GET', '/dashboard/basket-count')).statusCode).toBe(403);
  });

  it('lets the order screens read buyers and their delivery branches', async () => {
    const { id: buyerId } = await buyer(w);
    const branch = await branchOf(w, buyerId);
    expect((await w.call('GET', '/buyers')).statusCode).toBe(200);
    const branches = await w.call('GET', `/buyers/warehouses?buyerId=${buyerId}`);
    expect(branches.json.data.map((one: { id: number }) => one.id)).toEqual([branch]);
    expect((await w.call('POST', '/buyers/warehouses', { buyerId, code: 'X', title: 'X' })).statusCode).toBe(
      403,
    );
  });

  it('answers 400 naming the field, writing nothing', async () => {
    const before = await countRows(w.t, 'basket_lines');
    const bad: [string, string, object, string, RegExp][] = [
      ['POST', '/admin/baskets', { productId: 1, boxQuantity: 1 }, 'buyerId', /^Müşteri zorunludur\.$/],
      [
        'POST',
        '/admin/baskets',
        { buyerId: 1, productId: 1, boxQuantity: 0 },
        'boxQuantity',
        /Koli adedi en az 1/,
      ],
      [
        'POST',
        '/admin/baskets',
        { buyerId: 1, productId: 'x', boxQuantity: 1 },
        'productId',
        /Geçerli bir ürün/,
      ],
      ['PUT', '/admin/baskets', { buyerId: 1, productId: 1, boxQuantity: 1.5 }, 'boxQuantity', /tam sayı/],
      ['POST', '/admin/baskets/abc/delete', { buyerId: 1 }, 'itemId', /Sepet satırı/],
      ['POST', '/admin/baskets/cancel', {}, 'buyerId', /^Müşteri zorunludur\.$/],
    ];
    for (const [method, url, payload, field, message] of bad) {
      const response = await w.call(method as 'POST', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json.error.field, `${method} ${url}`).toBe(field);
      expect(response.json.error.message).toMatch(message);
    }
    expect(await countRows(w.t, 'basket_lines')).toBe(before);
  });
});
