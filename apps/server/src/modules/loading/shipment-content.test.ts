import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, receiveLot } from '../../../test/builders/expiry-test-data.ts';
import {
  type LoadWorld,
  load,
  loadWorld,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';

/** `GET /shipments/{id}/content`: what the load-acceptance screen shows of a shipment. */
let w: LoadWorld;
let cheese: number;
beforeAll(async () => {
  w = await loadWorld();
  const item = await stockedItem(w, { DEPO1: 40, DEPO2: 20 });
  cheese = await product(w, [{ itemId: item, quantity: 1 }]);
});
afterAll(() => w.close());

/** Pieces of the item's undated lot ('SKT yok'): the stock received without one. */
const undated = (quantity: number) => ({ code: '', expiryDate: null, quantity });

describe('a shipment’s contents', () => {
  it('names each warehouse a line came from by its code and its label, with pieces and boxes', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, cheese, 2);
    const loaded = await load(w, order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 8 },
      { warehouse: 'DEPO2', quantity: 4 },
    ]);
    expect(loaded.statusCode, loaded.body).toBe(200);

    const response = await w.call('GET', `/shipments/${shipment.id}/content`, undefined, w.shipping);
    expect(response.statusCode, response.body).toBe(200);
    const [line, ...rest] = response.json.data.lines;
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderItemId: itemId,
      pieces: 12,
      boxes: 2,
      warehouseLoads: [
        { warehouse: 'DEPO1', warehouseLabel: 'Depo-1', quantity: 8, lots: [undated(8)] },
        { warehouse: 'DEPO2', warehouseLabel: 'Depo-2', quantity: 4, lots: [undated(4)] },
      ],
      itemStatusDetail: { name: 'LOADING' },
    });
  });

  it('names the lots each warehouse gave, earliest expiry first and the undated lot last', async () => {
    const item = await stockedItem(w, { DEPO1: 10 });
    await receiveLot(w, item, 'DEPO1', 4, { code: 'P-2611A', days: 5 });
    await receiveLot(w, item, 'DEPO1', 5, { code: 'P-2611B', days: 20 });
    const ayran = await product(w, [{ itemId: item, quantity: 1 }]);
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, ayran, 2);
    const loaded = await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 12 }]);
    expect(loaded.statusCode, loaded.body).toBe(200);

    const response = await w.call('GET', `/shipments/${shipment.id}/content`, undefined, w.shipping);
    expect(response.statusCode, response.body).toBe(200);
    const [line] = response.json.data.lines;
    expect(line.warehouseLoads).toMatchObject([
      {
        warehouse: 'DEPO1',
        quantity: 12,
        lots: [
          { code: 'P-2611A', expiryDate: dayFromToday(5), quantity: 4 },
          { code: 'P-2611B', expiryDate: dayFromToday(20), quantity: 5 },
          undated(3),
        ],
      },
    ]);
  });
});
