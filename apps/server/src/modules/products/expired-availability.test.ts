import { todayInIstanbul } from '@mandira/contract/lots';
import type { ProductStocks } from '@mandira/contract/sellable-products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLot, receiveLot } from '../../../test/builders/expiry-test-data.ts';
import { load, loadWorld, orderInWarehouse, shipmentIn } from '../../../test/builders/loading-test-data.ts';
import {
  addToBasket,
  buyer,
  figures,
  type OrderWorld,
  product,
  reservationDrift,
} from '../../../test/builders/order-test-data.ts';
import { createItem } from '../../../test/builders/product-test-data.ts';

/** Availability counts only stock that is not expired today in Istanbul (decision 155). */
let w: Awaited<ReturnType<typeof loadWorld>>;
beforeAll(async () => {
  w = await loadWorld();
});
afterAll(() => w.close());

const newItem = async (world: OrderWorld) => (await createItem(world.t, world.sales)).id;
const stocks = async (productId: number): Promise<ProductStocks> =>
  (await w.call('GET', `/products/${productId}/stocks`)).json.data;

describe('expired stock in the figures', () => {
  it('counts a product whose only lot expired as on hand, all of it expired, none of it available', async () => {
    const item = await newItem(w);
    // Returned goods may come back expired; nothing else may be received so.
    await receiveLot(w, item, 'DEPO1', 24, { code: 'IADE-2611', days: -2 }, 'RETURN_INBOUND');
    const productId = await product(w, [{ itemId: item, quantity: 1 }]);
    expect(await figures(w, productId)).toMatchObject({
      warehouseStockCount: 24,
      expiredStockCount: 24,
      availableStockCount: 0,
      availableBoxCount: 0,
    });
    expect((await stocks(productId)).warehouses).toEqual([
      {
        warehouseId: 1,
        warehouse: 'DEPO1',
        warehouseLabel: 'Depo-1',
        warehouseStockCount: 24,
        expiredStockCount: 24,
        sellableStockCount: 0,
      },
    ]);
    const { id: buyerId } = await buyer(w);
    const refused = await addToBasket(w, buyerId, productId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.code).toBe('INSUFFICIENT_STOCK');
    expect(refused.json.error.message).toContain('kullanılabilir: 0 koli');
  });

  it('takes only the fresh lots into availability and the baskets, per warehouse and in total', async () => {
    const item = await newItem(w);
    await receiveLot(w, item, 'DEPO1', 12, { code: 'P-05', days: 5 });
    await receiveLot(w, item, 'DEPO2', 18, { code: 'P-20', days: 20 });
    await receiveLot(w, item, 'DEPO2', 7, { code: 'P-IADE', days: -1 }, 'RETURN_INBOUND');
    const productId = await product(w, [{ itemId: item, quantity: 1 }]);
    const { id: buyerId } = await buyer(w);
    // 30 fresh pieces, 5 boxes of 6: the sixth box would be expired cheese.
    expect((await addToBasket(w, buyerId, productId, 6)).statusCode).toBe(409);
    expect((await addToBasket(w, buyerId, productId, 4)).statusCode).toBe(200);
    const answer = await stocks(productId);
    expect(answer).toMatchObject({
      warehouseStockCount: 37,
      expiredStockCount: 7,
      waitingInBasketStockCount: 24,
      availableStockCount: 6,
      availableBoxCount: 1,
    });
    expect(
      answer.warehouses.map((one) => [
        one.warehouse,
        one.warehouseStockCount,
        one.expiredStockCount,
        one.sellableStockCount,
      ]),
    ).toEqual([
      ['DEPO1', 12, 0, 12],
      ['DEPO2', 25, 7, 18],
    ]);
    // The product list (the order screen) says the same.
    const listed = (await w.call('GET', '/products')).json.data.find(
      (one: { id: number }) => one.id === productId,
    );
    expect(listed).toMatchObject({ expiredStockCount: 7, availableStockCount: 6 });
  });

  it('counts a bundle’s expired pieces in pieces of the product', async () => {
    const item = await newItem(w);
    await receiveLot(w, item, 'DEPO1', 20, { code: 'Ç-20', days: 20 });
    await receiveLot(w, item, 'DEPO1', 10, { code: 'Ç-ESKİ', days: -3 }, 'RETURN_INBOUND');
    // Two pieces of the item a product: 15 on hand, 10 of them fresh.
    const pair = await product(w, [{ itemId: item, quantity: 2 }]);
    expect(await figures(w, pair)).toMatchObject({
      warehouseStockCount: 15,
      expiredStockCount: 5,
      availableStockCount: 10,
    });
  });

  it('refuses to place a basket whose lots expired since it was filled, and writes nothing', async () => {
    const item = await newItem(w);
    await receiveLot(w, item, 'DEPO1', 12, { code: 'Y-1', days: 3 });
    const productId = await product(w, [{ itemId: item, quantity: 1 }]);
    const { id: buyerId } = await buyer(w);
    expect((await addToBasket(w, buyerId, productId, 2)).statusCode).toBe(200);
    await expireLot(w, item, 'Y-1');
    // The basket still holds its 12 pieces: the counters count demand, only the supply has gone.
    expect(await figures(w, productId)).toMatchObject({
      expiredStockCount: 12,
      waitingInBasketStockCount: 12,
      availableStockCount: -12,
      availableBoxCount: 0,
    });
    const placed = await w.call('POST', '/admin/baskets/apply-to-order', {
      buyerId,
      plannedShipmentDate: todayInIstanbul(),
    });
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json.error.code).toBe('INSUFFICIENT_STOCK');
    expect((await figures(w, productId)).waitingInBasketStockCount).toBe(12);
    expect((await figures(w, productId)).waitingInOrderStockCount).toBe(0);
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });

  it('keeps an order placed before its lots expired holding its pieces; loading it is refused', async () => {
    const item = await newItem(w);
    await receiveLot(w, item, 'DEPO1', 12, { code: 'Y-2', days: 3 });
    const productId = await product(w, [{ itemId: item, quantity: 1 }]);
    const { order, itemId } = await orderInWarehouse(w, productId, 2);
    await expireLot(w, item, 'Y-2');
    expect(await figures(w, productId)).toMatchObject({
      warehouseStockCount: 12,
      expiredStockCount: 12,
      waitingInOrderStockCount: 12,
      availableStockCount: -12,
    });
    expect(await reservationDrift(w.t.db)).toEqual([]);
    const shipment = await shipmentIn(w);
    const refused = await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 12 }]);
    expect(refused.statusCode, refused.body).toBe(409);
    // Nothing moved: the pieces are still on hand and still held by the order.
    expect(await figures(w, productId)).toMatchObject({
      warehouseStockCount: 12,
      waitingInOrderStockCount: 12,
    });
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });
});
