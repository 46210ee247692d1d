import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
        { warehouse: 'DEPO1', warehouseLabel: 'Depo-1', quantity: 8 },
        { warehouse: 'DEPO2', warehouseLabel: 'Depo-2', quantity: 4 },
      ],
      itemStatusDetail: { name: 'LOADING' },
    });
  });
});
