import type { Order, OrderItem } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { vehicle } from '../../../test/builders/fleet-test-data.ts';
import {
  type LoadWorld,
  load,
  loadWorld,
  ok,
  orderInWarehouse,
  shipmentAction,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';

/**
 * An order item says which trucks carry it once loaded (decision 102), whatever vehicle was planned:
 * the planned vehicle stays as planned, `deliveryShipments` lists the shipments with their vehicles and
 * pieces, and `deliveryVehicleDescription` names the vehicle(s).
 */
let w: LoadWorld;
let cheese: number;
beforeAll(async () => {
  w = await loadWorld();
  cheese = await product(w, [{ itemId: await stockedItem(w, { DEPO1: 500 }), quantity: 1 }]);
});
afterAll(() => w.close());

async function itemOf(orderNumber: number, itemId: number): Promise<OrderItem> {
  const [order] = (await w.call('POST', '/orders/filter-by-query', { orderNumbers: [orderNumber] })).json
    .data as Order[];
  return order!.orderItems.find((one) => one.id === itemId)!;
}

async function vehicleOf(shipmentId: number): Promise<string> {
  const list = (await w.call('GET', '/shipments', undefined, w.office)).json.data as Shipment[];
  return list.find((one) => one.id === shipmentId)!.vehicleDescription;
}

it('shows the planned vehicle, and once loaded the shipments and vehicles that carry the item', async () => {
  const { order, itemId } = await orderInWarehouse(w, cheese, 3);
  const planned = await vehicle(w, { licencePlateCode: '35 PLN 42', brand: 'Iveco', model: 'Daily' });
  ok(
    await w.call('PUT', `/orders/${order.id}/order-item/${itemId}/plan-shipment-vehicle`, {
      vehicleId: planned.id,
    }),
    'plan',
  );
  expect(await itemOf(order.orderNumber, itemId)).toMatchObject({
    plannedShipmentVehicleDescription: '35 PLN 42 · Iveco Daily',
    deliveryShipments: [],
    deliveryVehicleDescription: null,
  });

  // Loaded on another truck than the planned one: the item says so.
  const a = await shipmentIn(w, 'LOADING');
  ok(await load(w, order, itemId, a.id, [{ warehouse: 'DEPO1', quantity: 6 }]), 'load a');
  const onA = await itemOf(order.orderNumber, itemId);
  expect(onA).toMatchObject({
    plannedShipmentVehicleDescription: '35 PLN 42 · Iveco Daily',
    deliveryVehicleDescription: await vehicleOf(a.id),
    deliveryShipments: [
      {
        shipmentId: a.id,
        shipmentCode: a.code,
        shipmentStatus: { name: 'LOADING', label: 'Yükleniyor' },
        vehicleDescription: await vehicleOf(a.id),
        quantity: 6,
      },
    ],
  });

  // Split over two trucks: both, in shipment order, with their pieces.
  const b = await shipmentIn(w, 'LOADING');
  ok(await load(w, order, itemId, b.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load b');
  const split = await itemOf(order.orderNumber, itemId);
  expect(split.deliveryShipments.map((one) => [one.shipmentCode, one.quantity])).toEqual([
    [a.code, 6],
    [b.code, 12],
  ]);
  expect(split.deliveryVehicleDescription).toBe(`${await vehicleOf(a.id)}, ${await vehicleOf(b.id)}`);

  // A truck that comes back and parks no longer carries it; the other still does.
  ok(
    await w.call('PUT', `/orders/${order.id}/order-item/${itemId}/loaded-to-truck`, undefined, w.warehouse),
    'loaded',
  );
  ok(
    await w.call('PUT', `/shipments/${b.id}/accept-loads`, { orderItemIds: [itemId] }, w.shipping),
    'accept',
  );
  for (const action of ['START_LOAD_CHECK', 'FINISH_LOAD_CHECK', 'START_WEIGHT_CHECK']) {
    ok(await shipmentAction(w, b.id, action), action);
  }
  ok(await shipmentAction(w, b.id, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: 0.018 }), 'weighed');
  for (const action of ['START_DELIVERY', 'SET_AS_RETURNING_TO_WAREHOUSE', 'DO_PARKING']) {
    ok(await shipmentAction(w, b.id, action), action);
  }
  const back = await itemOf(order.orderNumber, itemId);
  expect(back.deliveryShipments.map((one) => one.shipmentCode)).toEqual([a.code]);
  expect(back.deliveryVehicleDescription).toBe(await vehicleOf(a.id));
});
