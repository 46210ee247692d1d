import type { Vehicle } from '@mandira/contract/fleet';
import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FleetWorld, fleetWorld, vehicle } from '../../../test/builders/fleet-test-data.ts';
import {
  buyer,
  forceStatuses,
  orderSnapshot,
  placedOrder,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(() => w.close());

async function twoItemOrder(): Promise<Order> {
  const [a, b] = [await stockedProduct(w, 600), await stockedProduct(w, 600)];
  return placedOrder(w, (await buyer(w)).id, [
    { productId: a, boxes: 2 },
    { productId: b, boxes: 3 },
  ]);
}
const changed = (response: { json: { data: Order[] } }, id: number) =>
  response.json.data.find((order) => order.id === id)!;
const vehicleOf = async (id: number) =>
  ((await w.call('GET', '/shipments/vehicles')).json.data as Vehicle[]).find((one) => one.id === id)!;

describe('vehicle planning on orders', () => {
  it('plans a vehicle for the order and every open item, answering the order list', async () => {
    const order = await twoItemOrder();
    await forceStatuses(w, order.id, 'IN_REVIEW', ['APPROVED', 'CANCELED']);
    const car = await vehicle(w, { licencePlateCode: '06 PLN 10', brand: 'Isuzu', model: 'NPR' });
    const response = await w.call('PUT', `/orders/${order.id}/plan-shipment-vehicle`, { vehicleId: car.id });
    expect(response.statusCode).toBe(200);
    const planned = changed(response, order.id);
    expect(planned).toMatchObject({
      plannedShipmentVehicleId: car.id,
      plannedShipmentVehicleDescription: '06 PLN 10 · Isuzu NPR',
    });
    // The canceled item is left out.
    expect(planned.orderItems.map((item) => item.plannedShipmentVehicleId)).toEqual([car.id, null]);
    const viewed = await w.call('PUT', `/orders/${order.id}/plan-shipment-vehicle?operationType=REVIEW`, {
      vehicleId: car.id,
    });
    expect(viewed.json.data.some((one: Order) => one.id === order.id)).toBe(true);
  });

  it('plans one item on its own', async () => {
    const order = await twoItemOrder();
    const car = await vehicle(w);
    const item = order.orderItems[1]!;
    const response = await w.call('PUT', `/orders/${order.id}/order-item/${item.id}/plan-shipment-vehicle`, {
      vehicleId: car.id,
    });
    expect(response.statusCode).toBe(200);
    const planned = changed(response, order.id);
    expect(planned.plannedShipmentVehicleId).toBeNull();
    expect(planned.orderItems.map((one) => one.plannedShipmentVehicleDescription)).toEqual([
      null,
      car.description,
    ]);
  });

  it("keeps the palettes and shows them against the vehicle's pallet capacity", async () => {
    const car = await vehicle(w, { palletCapacity: 12 });
    const first = await twoItemOrder();
    const second = await twoItemOrder();
    await w.call('PUT', `/orders/${first.id}/plan-shipment-vehicle`, { vehicleId: car.id });
    await w.call('PUT', `/orders/${second.id}/order-item/${second.orderItems[0]!.id}/plan-shipment-vehicle`, {
      vehicleId: car.id,
    });
    const counted = await w.call('PUT', `/orders/${first.id}/estimate-palette-count`, { count: 5 });
    expect(changed(counted, first.id).estimatedPaletteCount).toBe(5);
    await w.call('PUT', `/orders/${second.id}/estimate-palette-count`, { count: 4 });
    expect(await vehicleOf(car.id)).toMatchObject({ palletCapacity: 12, plannedPaletteCount: 9 });
    // A finished order's palettes no longer count.
    await forceStatuses(w, second.id, 'COMPLETED');
    expect((await vehicleOf(car.id)).plannedPaletteCount).toBe(5);
  });

  it('refuses finished orders and closed items (409), out-of-service vehicles (409), unknown ones (404)', async () => {
    const order = await twoItemOrder();
    const car = await vehicle(w);
    const broken = await vehicle(w, { status: 'OUT_OF_SERVICE' });
    const before = await orderSnapshot(w, order.id);
    const out = await w.call('PUT', `/orders/${order.id}/plan-shipment-vehicle`, { vehicleId: broken.id });
    expect(out.statusCode).toBe(409);
    expect(out.json.error.field).toBe('vehicleId');
    expect(
      (await w.call('PUT', `/orders/${order.id}/plan-shipment-vehicle`, { vehicleId: 999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await w.call('PUT', '/orders/999999/plan-shipment-vehicle', { vehicleId: car.id })).statusCode,
    ).toBe(404);
    await forceStatuses(w, order.id, 'IN_PROGRESS', ['CANCELED']);
    const closedItem = await w.call(
      'PUT',
      `/orders/${order.id}/order-item/${order.orderItems[0]!.id}/plan-shipment-vehicle`,
      { vehicleId: car.id },
    );
    expect(closedItem.statusCode).toBe(409);
    await forceStatuses(w, order.id, 'COMPLETED');
    const afterForce = await orderSnapshot(w, order.id);
    expect(
      (await w.call('PUT', `/orders/${order.id}/plan-shipment-vehicle`, { vehicleId: car.id })).statusCode,
    ).toBe(409);
    expect((await w.call('PUT', `/orders/${order.id}/estimate-palette-count`, { count: 2 })).statusCode).toBe(
      409,
    );
    expect(await orderSnapshot(w, order.id)).toEqual(afterForce);
    expect(before).not.toEqual(afterForce);
  });

  it('answers 400 to bad bodies and ids, 401 without a token, 403 to other roles', async () => {
    const order = await twoItemOrder();
    const url = `/orders/${order.id}/plan-shipment-vehicle`;
    for (const body of [{}, { vehicleId: 0 }, { vehicleId: 'a' }]) {
      const response = await w.call('PUT', url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json.error.field).toBe('vehicleId');
    }
    for (const count of [-1, 1.5, '3', null]) {
      const response = await w.call('PUT', `/orders/${order.id}/estimate-palette-count`, { count });
      expect(response.statusCode).toBe(400);
      expect(response.json.error.field).toBe('count');
    }
    expect((await w.call('PUT', '/orders/x/plan-shipment-vehicle', { vehicleId: 1 })).statusCode).toBe(400);
    const calls = [
      url,
      `/orders/${order.id}/order-item/${order.orderItems[0]!.id}/plan-shipment-vehicle`,
      `/orders/${order.id}/estimate-palette-count`,
    ];
    for (const path of calls) {
      const body = { vehicleId: 1, count: 1 };
      expect(
        (await w.t.call(undefined, { method: 'PUT', url: `/api${path}`, payload: body })).statusCode,
      ).toBe(401);
      expect((await w.call('PUT', path, body, w.office)).statusCode).toBe(403);
      expect((await w.call('PUT', path, body, w.warehouse)).statusCode).toBe(403);
    }
  });
});
