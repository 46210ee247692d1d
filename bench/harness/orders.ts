/**
 * Orders and shipments of a check, made through the API as the screens make them: a buyer with a delivery
 * branch, an order walked through review and the warehouse steps up to LOADING, and a shipment to the
 * branch walked to LOADING (docs/domain/loading-and-shipments.md).
 */
import { istanbulDate } from '@mandira/contract/istanbul-time';
import { call, dataOf } from './api.ts';
import type { Server } from './server.ts';

/** A buyer and its branch 'MERKEZ', the delivery point of its orders and of the shipment. */
export async function buyerWithBranch(server: Server, token: string, code: string) {
  const buyer = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/buyers', { code, title: `${code} Gıda` }),
    'buyer',
  );
  const branch = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/buyers/warehouses', {
      buyerId: buyer.id,
      code: 'MERKEZ',
      title: 'Merkez Deposu',
    }),
    'branch',
  );
  return { buyerId: buyer.id, branchId: branch.id };
}

/** An order of `boxes` boxes of the product to the branch, placed, approved and walked to LOADING. */
export async function orderInLoading(
  server: Server,
  token: string,
  to: { buyerId: number; branchId: number },
  productId: number,
  boxes: number,
): Promise<{ orderId: number; itemId: number }> {
  await dataOf(
    call(server, token, 'POST', '/api/admin/baskets', { buyerId: to.buyerId, productId, boxQuantity: boxes }),
    'basket',
  );
  const order = await dataOf<{ id: number; orderItems: { id: number }[] }>(
    call(server, token, 'POST', '/api/admin/baskets/apply-to-order', {
      buyerId: to.buyerId,
      buyerBranch: to.branchId,
      plannedShipmentDate: istanbulDate(new Date()),
    }),
    'order',
  );
  const itemId = order.orderItems[0]!.id;
  const item = `/api/orders/${order.id}/order-item/${itemId}`;
  for (const url of [
    `/api/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`,
    `${item}?action=APPROVE`,
    `/api/order-action/FORWARD_TO_WAREHOUSE_OPERATION?id=${order.id}`,
    `${item}/prepare`,
    `${item}/ready-for-loading`,
    `${item}?action=LOADING`,
  ]) {
    await dataOf(call(server, token, 'PUT', url), `order ${order.id}: ${url}`);
  }
  return { orderId: order.id, itemId };
}

/** A vehicle, a driver and a shipment from Depo-1 to the branch, walked to LOADING; its id. */
export async function shipmentInLoading(
  server: Server,
  token: string,
  code: string,
  branchId: number,
): Promise<number> {
  const vehicle = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/shipments/vehicle', {
      licencePlateCode: `34 ${code} 1`,
      brand: 'Ford',
      model: 'Cargo',
      capacityInTons: 20,
    }),
    'vehicle',
  );
  const driver = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/shipments/vehicleDrivers', { name: 'Yük', surname: `Şoförü ${code}` }),
    'driver',
  );
  const shipment = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/shipments', {
      shipmentCode: code,
      vehicleId: vehicle.id,
      driverId: driver.id,
      fromWarehouseId: 1,
      toWarehouseId: branchId,
    }),
    'shipment',
  );
  for (const action of ['PREPARE_TO_LOAD', 'START_LOADING']) {
    await dataOf(
      call(server, token, 'PUT', `/api/shipments/${shipment.id}/on-action`, { action }),
      `shipment ${action}`,
    );
  }
  return shipment.id;
}
