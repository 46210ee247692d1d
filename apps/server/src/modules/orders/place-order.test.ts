import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  branchOf,
  buyer,
  figures,
  itemWithStock,
  type OrderWorld,
  orderWorld,
  placedOrder,
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

const tomorrow = addDays(istanbulDate(new Date()), 1);
const shown = (iso: string) => iso.split('-').reverse().join('-');
const apply = (payload: object) =>
  w.call('POST', '/admin/baskets/apply-to-order', { plannedShipmentDate: tomorrow, ...payload });

describe('placing a basket as an order (POST /admin/baskets/apply-to-order)', () => {
  it('turns the basket into an order waiting for review with a price snapshot per item, and empties it', async () => {
    const { id: buyerId, title, code } = await buyer(w);
    const branch = await branchOf(w, buyerId);
    const cheese = await stockedProduct(w, 60, { price: 12.5, discount: 0.25, name: 'Kaşar Peyniri' });
    const yogurt = await stockedProduct(w, 60, { price: 3, discount: 3 });
    await addToBasket(w, buyerId, cheese, 2);
    await addToBasket(w, buyerId, yogurt, 1);
    const response = await apply({
      buyerId,
      buyerRequestReferenceCode: 'REF-42',
      buyerBranch: branch,
      plannedShipmentDate: shown(tomorrow),
      colorGroup: 'purple',
    });
    expect(response.statusCode).toBe(200);
    const order = response.json.data as Order;
    expect(order).toMatchObject({
      buyerId,
      buyer: { id: buyerId, title, code },
      buyerRequestReferenceCode: 'REF-42',
      buyerBranch: branch,
      buyerBranchDescription: { id: branch, code: 'MERKEZ', title: 'MERKEZ Deposu' },
      statusDescription: { name: 'WAITING_FOR_REVIEW', label: 'İnceleme Bekliyor' },
      colorGroup: 'purple',
      colorGroupDescription: { name: 'purple', label: 'Mor' },
      plannedShipmentDate: tomorrow,
      completedAt: null,
      // 12 × 12.25 + 6 × 0 (a discount of the whole price nets to 0).
      amountSummary: { totalPriceOnTransaction: 147, dealtTotalPriceOnTransaction: 147 },
    });
    expect(order.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
    expect(
      order.orderItems.map((item) => [item.productId, item.statusDescription.name, item.quantity]),
    ).toEqual([
      [cheese, 'WAITING_FOR_APPROVAL', 12],
      [yogurt, 'WAITING_FOR_APPROVAL', 6],
    ]);
    expect(order.orderItems[0]).toMatchObject({
      productName: 'Kaşar Peyniri',
      orderedQuantity: 12,
      quantityInBox: 6,
      boxQuantity: 2,
      loadedQuantity: 0,
      remainingQuantity: 12,
      unitPrice: 12.5,
      discount: 0.25,
      netUnitPrice: 12.25,
      stockHoldingText: '1500 Gr Vakumlu Paket',
    });
    expect(order.orderItems[0]!.productContent).toHaveLength(1);
    const baskets = (await w.call('GET', '/admin/baskets')).json.data as { buyerId: number }[];
    expect(baskets.some((basket) => basket.buyerId === buyerId)).toBe(false);
    // The reservation moved from the basket to the order.
    expect(await figures(w, cheese)).toMatchObject({
      waitingInBasketStockCount: 0,
      waitingInOrderStockCount: 12,
      availableStockCount: 48,
    });
  });

  it('keeps the snapshot when the catalogue price changes later', async () => {
    const { id: buyerId } = await buyer(w);
    const cheese = await stockedProduct(w, 60, { price: 20, discount: 0 });
    const order = await placedOrder(w, buyerId, [{ productId: cheese, boxes: 1 }]);
    const current = (await w.call('GET', `/products?packagingGroup=ALL`)).json.data.find(
      (one: { id: number }) => one.id === cheese,
    );
    await w.call('PUT', '/products', { ...current, price: 99 }, w.sales);
    const [again] = (await w.call('POST', '/orders/filter-by-query', { orderNumbers: [order.orderNumber] }))
      .json.data;
    expect(again.orderItems[0].unitPrice).toBe(20);
    expect(again.amountSummary.totalPriceOnTransaction).toBe(120);
  });

  it('numbers orders one after another', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 60);
    const first = await placedOrder(w, buyerId, [{ productId, boxes: 1 }]);
    const second = await placedOrder(w, buyerId, [{ productId, boxes: 1 }]);
    expect(second.orderNumber).toBe(first.orderNumber + 1);
  });

  it('takes the planned day as ISO too, and leaves the optional fields empty', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 60);
    const order = await placedOrder(w, buyerId, [{ productId, boxes: 1 }], { plannedShipmentDate: tomorrow });
    expect(order).toMatchObject({
      plannedShipmentDate: tomorrow,
      buyerBranch: null,
      colorGroup: null,
      buyerRequestReferenceCode: '',
    });
  });

  it('counts open order items of a product against every product sharing its item', async () => {
    const [first, second] = [await buyer(w), await buyer(w)];
    const itemId = await itemWithStock(w, 36);
    const single = await product(w, [{ itemId, quantity: 1 }]);
    const triple = await product(w, [{ itemId, quantity: 3 }]);
    // 1 box of triples = 6 pieces = 18 of the item, ordered; 18 remain: 3 boxes of singles.
    const order = await placedOrder(w, first.id, [{ productId: triple, boxes: 1 }]);
    expect(await figures(w, single)).toMatchObject({ waitingInOrderStockCount: 0, availableStockCount: 18 });
    expect(await figures(w, triple)).toMatchObject({ waitingInOrderStockCount: 6, availableStockCount: 6 });
    expect((await addToBasket(w, second.id, single, 4)).statusCode).toBe(409);
    expect((await addToBasket(w, second.id, single, 3)).statusCode).toBe(200);
    // Canceling the ordered item frees its pieces; once singles take some, approving it again is short.
    await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
    await w.call('PUT', `/orders/${order.id}/order-item/${order.orderItems[0]!.id}/cancel`);
    expect((await figures(w, triple)).availableStockCount).toBe(6);
    expect((await addToBasket(w, second.id, single, 1)).statusCode).toBe(200);
    expect((await figures(w, triple)).availableStockCount).toBe(4);
    const again = await w.call(
      'PUT',
      `/orders/${order.id}/order-item/${order.orderItems[0]!.id}?action=APPROVE`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json.error.code).toBe('INSUFFICIENT_STOCK');
  });

  it('refuses the order (409) when a goods-out left the basket over-reserved, writing nothing', async () => {
    const { id: buyerId } = await buyer(w);
    const itemId = await itemWithStock(w, 24);
    const productId = await product(w, [{ itemId, quantity: 1 }], { name: 'Süzme Yoğurt' });
    await addToBasket(w, buyerId, productId, 3);
    await setStock(w, itemId, 12);
    const orders = await countRows(w.t, 'orders');
    const response = await apply({ buyerId });
    expect(response.statusCode).toBe(409);
    expect(response.json.error.message).toBe(
      "'Süzme Yoğurt' ürünü için yeterli stok yok (kullanılabilir: 2 koli, istenen: 3 koli). Hiçbir değişiklik yapılmadı.",
    );
    expect(await countRows(w.t, 'orders')).toBe(orders);
    expect((await figures(w, productId)).waitingInBasketStockCount).toBe(18);
  });

  it('refuses an empty basket and a branch of another buyer (422), an unknown buyer (404)', async () => {
    const [mine, theirs] = [await buyer(w), await buyer(w)];
    expect((await apply({ buyerId: mine.id })).statusCode).toBe(422);
    const productId = await stockedProduct(w, 60);
    await addToBasket(w, mine.id, productId, 1);
    const foreign = await branchOf(w, theirs.id, 'BAŞKA');
    const response = await apply({ buyerId: mine.id, buyerBranch: foreign });
    expect(response.statusCode).toBe(422);
    expect(response.json.error.message).toBe(
      'Seçilen teslimat şubesi bu müşterinin depolarından biri değil.',
    );
    expect((await apply({ buyerId: 999_999 })).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad day, a past day or an unknown colour, writing nothing', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 60);
    await addToBasket(w, buyerId, productId, 1);
    const orders = await countRows(w.t, 'orders');
    const cases: [object, string, RegExp][] = [
      [{ plannedShipmentDate: '31-02-2030' }, 'plannedShipmentDate', /Geçerli bir tarih giriniz/],
      [{ plannedShipmentDate: shown(addDays(tomorrow, -2)) }, 'plannedShipmentDate', /geçmiş bir gün olamaz/],
      [{ plannedShipmentDate: '31-12-9999' }, 'plannedShipmentDate', /2000 ile 2100/],
      [{ colorGroup: 'green' }, 'colorGroup', /Geçersiz renk etiketi/],
      [{ buyerBranch: 'şube' }, 'buyerBranch', /teslimat şubesi/],
    ];
    for (const [body, field, message] of cases) {
      const response = await apply({ buyerId, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json.error.field).toBe(field);
      expect(response.json.error.message).toMatch(message);
    }
    expect((await apply({})).json.error).toMatchObject({ message: 'Müşteri zorunludur.', field: 'buyerId' });
    expect(await countRows(w.t, 'orders')).toBe(orders);
  });

  it('refuses an empty form (400 on the planned day) and keeps the basket', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 60);
    await addToBasket(w, buyerId, productId, 1);
    const orders = await countRows(w.t, 'orders');
    for (const empty of [undefined, null, '']) {
      const response = await w.call('POST', '/admin/baskets/apply-to-order', {
        buyerId,
        buyerRequestReferenceCode: '',
        buyerBranch: null,
        plannedShipmentDate: empty,
        colorGroup: null,
      });
      expect(response.statusCode, String(empty)).toBe(400);
      expect(response.json.error).toMatchObject({
        field: 'plannedShipmentDate',
        message: 'Planlanan sevkiyat tarihi zorunludur.',
      });
    }
    expect(await countRows(w.t, 'orders')).toBe(orders);
    expect((await figures(w, productId)).waitingInBasketStockCount).toBe(6);
  });

  it('takes today as the planned day, not yesterday', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 60);
    const today = istanbulDate(new Date());
    await addToBasket(w, buyerId, productId, 1);
    const yesterday = await apply({ buyerId, plannedShipmentDate: addDays(today, -1) });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json.error.field).toBe('plannedShipmentDate');
    const order = await apply({ buyerId, plannedShipmentDate: shown(today) });
    expect(order.statusCode).toBe(200);
    expect(order.json.data.plannedShipmentDate).toBe(today);
  });

  it('requires the delivery branch (400 on the field) when the buyer has delivery warehouses', async () => {
    const { id: buyerId } = await buyer(w);
    const branch = await branchOf(w, buyerId);
    const productId = await stockedProduct(w, 60);
    await addToBasket(w, buyerId, productId, 1);
    const orders = await countRows(w.t, 'orders');
    for (const missing of [{}, { buyerBranch: null }, { buyerBranch: '' }]) {
      const response = await apply({ buyerId, ...missing });
      expect(response.statusCode, JSON.stringify(missing)).toBe(400);
      expect(response.json.error).toMatchObject({
        code: 'VALIDATION',
        field: 'buyerBranch',
        message: 'Teslimat şubesi zorunludur: müşterinin teslimat depolarından birini seçiniz.',
      });
    }
    expect(await countRows(w.t, 'orders')).toBe(orders);
    // With the branch, and without a colour label (optional), the order is placed.
    const placed = await apply({ buyerId, buyerBranch: branch });
    expect(placed.statusCode).toBe(200);
    expect(placed.json.data).toMatchObject({ buyerBranch: branch, colorGroup: null });
  });
});
