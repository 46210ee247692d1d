import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branchOf,
  buyer,
  figures,
  forceStatuses,
  itemWithStock,
  type OrderWorld,
  orderSnapshot,
  orderWorld,
  placedOrder,
  product,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w.close());

const act = (order: Order, itemIndex: number, action: string, token = w.manager) =>
  w.call(
    'PUT',
    `/orders/${order.id}/order-item/${order.orderItems[itemIndex]!.id}?action=${action}`,
    undefined,
    token,
  );
const cancelItem = (order: Order, itemIndex: number) =>
  w.call('PUT', `/orders/${order.id}/order-item/${order.orderItems[itemIndex]!.id}/cancel`);
const orderAction = (order: Order, action: string) => w.call('PUT', `/order-action/${action}?id=${order.id}`);
const changed = (response: { json: { data: Order[] } }, order: Order) =>
  response.json.data.find((one) => one.id === order.id)!;

/** An order of 4 boxes (24 pieces) of each of two products, forwarded to review. */
async function orderInReview(pieces = 600): Promise<{ order: Order; products: number[] }> {
  const { id: buyerId } = await buyer(w);
  const products = [await stockedProduct(w, pieces), await stockedProduct(w, pieces)];
  const placed = await placedOrder(w, buyerId, [
    { productId: products[0]!, boxes: 4 },
    { productId: products[1]!, boxes: 4 },
  ]);
  const forwarded = await orderAction(placed, 'FORWARD_TO_IN_REVIEW');
  expect(forwarded.statusCode).toBe(200);
  return { order: changed(forwarded, placed), products };
}

describe('reviewing an order', () => {
  it('approves one item, approves another partly, cancels and re-approves, and forwards the approved ones', async () => {
    const { order, products } = await orderInReview();
    expect(order.statusDescription).toEqual({ name: 'IN_REVIEW', label: 'İncelemede' });
    // 24 pieces each at 8 TL net: 384 TL.
    expect(order.amountSummary).toEqual({ totalPriceOnTransaction: 384, dealtTotalPriceOnTransaction: 384 });

    const approved = await act(order, 0, 'APPROVE');
    expect(changed(approved, order).orderItems[0]!.statusDescription).toEqual({
      name: 'APPROVED',
      label: 'Onaylandı',
    });

    const partly = await act(order, 1, 'APPROVE_PARTIALLY&quantity=12');
    const item = changed(partly, order).orderItems[1]!;
    expect(item).toMatchObject({ quantity: 12, orderedQuantity: 24, boxQuantity: 2, remainingQuantity: 12 });
    expect(item.statusDescription.label).toBe('Kısmi Onaylandı');
    expect(changed(partly, order).amountSummary).toEqual({
      totalPriceOnTransaction: 384,
      dealtTotalPriceOnTransaction: 288,
    });
    expect((await figures(w, products[1]!)).waitingInOrderStockCount).toBe(12);

    const canceled = await cancelItem(order, 1);
    expect(changed(canceled, order).orderItems[1]!.statusDescription.name).toBe('CANCELED');
    expect(changed(canceled, order).amountSummary.dealtTotalPriceOnTransaction).toBe(192);
    expect((await figures(w, products[1]!)).waitingInOrderStockCount).toBe(0);

    const again = await act(order, 1, 'APPROVE');
    expect(changed(again, order).orderItems[1]).toMatchObject({ quantity: 24 });
    expect(changed(again, order).amountSummary.dealtTotalPriceOnTransaction).toBe(384);

    const forwarded = await orderAction(order, 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION');
    expect(forwarded.statusCode).toBe(200);
    const sent = changed(forwarded, order);
    expect(sent.statusDescription.name).toBe('IN_PROGRESS');
    expect(sent.orderItems.map((one) => one.statusDescription.name)).toEqual([
      'WAITING_FOR_WAREHOUSE_OPERATION',
      'WAITING_FOR_WAREHOUSE_OPERATION',
    ]);
    const back = await act(order, 0, 'TAKE_BACK_FROM_WAREHOUSE');
    expect(changed(back, order).orderItems[0]!.statusDescription.name).toBe('WAITING_FOR_APPROVAL');
  });

  it('forwards everything to the warehouse only once no item waits for approval', async () => {
    const { order } = await orderInReview();
    await act(order, 0, 'APPROVE');
    expect((await orderAction(order, 'FORWARD_TO_WAREHOUSE_OPERATION')).statusCode).toBe(409);
    await cancelItem(order, 1);
    const forwarded = await orderAction(order, 'FORWARD_TO_WAREHOUSE_OPERATION');
    expect(forwarded.statusCode).toBe(200);
    expect(changed(forwarded, order).orderItems.map((one) => one.statusDescription.name)).toEqual([
      'WAITING_FOR_WAREHOUSE_OPERATION',
      'CANCELED',
    ]);
  });

  it('refuses a partial approval that is not whole boxes, not below the order or missing (422, 400)', async () => {
    const { order } = await orderInReview();
    const before = await orderSnapshot(w, order.id);
    for (const quantity of [7, 24, 30]) {
      const response = await act(order, 0, `APPROVE_PARTIALLY&quantity=${quantity}`);
      expect(response.statusCode, String(quantity)).toBe(422);
    }
    expect((await act(order, 0, 'APPROVE_PARTIALLY')).json.error).toMatchObject({
      code: 'VALIDATION',
      field: 'quantity',
    });
    expect((await act(order, 0, 'APPROVE_PARTIALLY&quantity=0')).statusCode).toBe(400);
    expect((await act(order, 0, 'APPROVE_PARTIALLY&quantity=abc')).statusCode).toBe(400);
    expect(await orderSnapshot(w, order.id)).toEqual(before);
  });

  it('re-approves a canceled item only while stock allows (409 naming the product), writing nothing', async () => {
    const { id: buyerId } = await buyer(w);
    const itemId = await itemWithStock(w, 30);
    const shared = await product(w, [{ itemId, quantity: 1 }], { name: 'Köy Tereyağı' });
    const placed = await placedOrder(w, buyerId, [{ productId: shared, boxes: 4 }]);
    const order = changed(await orderAction(placed, 'FORWARD_TO_IN_REVIEW'), placed);
    await cancelItem(order, 0);
    // Another buyer takes 2 of the 5 boxes while the item is canceled.
    const other = await buyer(w);
    expect(
      (await w.call('POST', '/admin/baskets', { buyerId: other.id, productId: shared, boxQuantity: 2 }))
        .statusCode,
    ).toBe(200);
    const before = await orderSnapshot(w, order.id);
    const refused = await act(order, 0, 'APPROVE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toBe(
      "'Köy Tereyağı' ürünü için yeterli stok yok (kullanılabilir: 3 koli, istenen: 4 koli). Hiçbir değişiklik yapılmadı.",
    );
    expect(await orderSnapshot(w, order.id)).toEqual(before);
    expect((await act(order, 0, 'APPROVE_PARTIALLY&quantity=18')).statusCode).toBe(200);
  });

  it('lets one of two people acting on one item at once win; the other gets 409', async () => {
    const { order } = await orderInReview();
    const sibling = await w.t.sibling();
    const url = `/api/orders/${order.id}/order-item/${order.orderItems[0]!.id}?action=APPROVE`;
    const answers = await Promise.all([
      w.t.call(w.manager, { method: 'PUT', url }),
      sibling.call(w.manager, { method: 'PUT', url }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers the changed order alone, even when the call names its view (decision 109)', async () => {
    const { order } = await orderInReview();
    await orderInReview();
    const response = await w.call(
      'PUT',
      `/orders/${order.id}/order-item/${order.orderItems[0]!.id}?action=APPROVE&operationType=REVIEW`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json.data as Order[];
    expect(listed.map((one) => one.id)).toEqual([order.id]);
    expect(listed[0]!.orderItems[0]!.statusDescription.name).toBe('APPROVED');
  });

  it('completes an order whose items are all delivered or canceled, setting its completion time', async () => {
    const { order } = await orderInReview();
    await forceStatuses(w, order.id, 'IN_PROGRESS', ['DELIVERED_TO_BUYER', 'CANCELED']);
    const done = changed(await orderAction(order, 'COMPLETE'), order);
    expect(done.statusDescription).toEqual({ name: 'COMPLETED', label: 'Tamamlandı' });
    expect(done.completedAt).toMatch(/\+03:00$/);
  });

  it('answers 404 for an item of another order and an unknown order', async () => {
    const [first, second] = [(await orderInReview()).order, (await orderInReview()).order];
    const foreign = await w.call(
      'PUT',
      `/orders/${first.id}/order-item/${second.orderItems[0]!.id}?action=APPROVE`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await w.call('PUT', '/order-action/COMPLETE?id=999999')).statusCode).toBe(404);
  });
});

describe('changing an order (PUT /orders)', () => {
  it('edits the header of an open order and keeps what is left out', async () => {
    const { order } = await orderInReview();
    const branch = await branchOf(w, order.buyerId, 'ŞUBE');
    const day = addDays(istanbulDate(new Date()), 3);
    const response = await w.call('PUT', '/orders', {
      id: order.id,
      buyerRequestReferenceCode: 'YENİ-REF',
      buyerBranch: branch,
      plannedShipmentDate: day.split('-').reverse().join('-'),
    });
    expect(response.statusCode).toBe(200);
    expect(changed(response, order)).toMatchObject({
      buyerRequestReferenceCode: 'YENİ-REF',
      buyerBranch: branch,
      plannedShipmentDate: day,
      colorGroup: order.colorGroup,
    });
    const past = await w.call('PUT', '/orders', { id: order.id, plannedShipmentDate: addDays(day, -5) });
    expect(past.statusCode).toBe(400);
    expect(past.json.error.field).toBe('plannedShipmentDate');
    expect(past.json.error.message).toBe('Planlanan sevkiyat tarihi geçmiş bir gün olamaz.');
  });

  it('refuses to take away the planned day, or the branch of a buyer with branches, writing nothing', async () => {
    const { order } = await orderInReview();
    const branch = await branchOf(w, order.buyerId, 'ŞUBE-2');
    await w.call('PUT', '/orders', { id: order.id, buyerBranch: branch });
    const before = await orderSnapshot(w, order.id);
    const noDay = await w.call('PUT', '/orders', { id: order.id, plannedShipmentDate: null });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json.error).toMatchObject({
      field: 'plannedShipmentDate',
      message: 'Planlanan sevkiyat tarihi zorunludur.',
    });
    const noBranch = await w.call('PUT', '/orders', { id: order.id, buyerBranch: null, colorGroup: null });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json.error.field).toBe('buyerBranch');
    expect(await orderSnapshot(w, order.id)).toEqual(before);
  });

  it('cancels for the buyer while nothing is loaded: every item canceled and its pieces released', async () => {
    const { order, products } = await orderInReview();
    await act(order, 0, 'APPROVE');
    const response = await w.call('PUT', '/orders', { id: order.id, status: 'CANCELED_BY_BUYER' });
    expect(response.statusCode).toBe(200);
    const canceled = changed(response, order);
    expect(canceled.statusDescription.label).toBe('Alıcı Tarafından İptal Edildi');
    expect(canceled.orderItems.every((one) => one.statusDescription.name === 'CANCELED')).toBe(true);
    expect(canceled.amountSummary).toEqual({ totalPriceOnTransaction: 384, dealtTotalPriceOnTransaction: 0 });
    expect((await figures(w, products[0]!)).waitingInOrderStockCount).toBe(0);
    const edit = await w.call('PUT', '/orders', { id: order.id, buyerRequestReferenceCode: 'X' });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses to cancel an order with loaded pieces, writing nothing', async () => {
    const { order } = await orderInReview();
    await forceStatuses(w, order.id, 'IN_PROGRESS', ['LOADING', 'APPROVED'], 6);
    const before = await orderSnapshot(w, order.id);
    const response = await w.call('PUT', '/orders', { id: order.id, status: 'CANCELED_BY_SELLER' });
    expect(response.statusCode).toBe(409);
    expect(response.json.error.message).toMatch(/araca yüklenmiş kalemler var$/);
    expect(await orderSnapshot(w, order.id)).toEqual(before);
  });
});

describe('order calls refuse bad input, strangers and missing privileges', () => {
  it('keeps review steps to the order manager and warehouse steps to the warehouse staff (403)', async () => {
    const { order } = await orderInReview();
    expect((await act(order, 0, 'APPROVE', w.warehouse)).statusCode).toBe(403);
    await act(order, 0, 'APPROVE');
    await orderAction(order, 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION');
    expect((await act(order, 0, 'PREPARING')).statusCode).toBe(403);
    expect((await act(order, 0, 'PREPARING', w.warehouse)).statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 to other roles on every order call', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/orders'],
      ['PUT', '/orders', { id: 1 }],
      ['POST', '/orders/filter', {}],
      ['POST', '/orders/filter-by-query', {}],
      ['PUT', '/orders/1/order-item/1?action=APPROVE'],
      ['PUT', '/orders/1/order-item/1/cancel'],
      ['PUT', '/order-action/COMPLETE?id=1'],
      ['GET', '/dashboard/order-count'],
    ];
    for (const [method, url, payload] of calls) {
      const stranger = await w.t.call(undefined, { method: method as 'GET', url: `/api${url}`, payload });
      expect(stranger.statusCode, `${method} ${url}`).toBe(401);
      const sales = await w.call(method as 'GET', url, payload, w.sales);
      expect(sales.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await w.call('GET', '/orders/filter?operationType=REVIEW', undefined, w.sales)).statusCode).toBe(
      403,
    );
  });

  it('answers 400 naming the field for a bad action, id or status', async () => {
    const cases: [string, string, object | undefined, string][] = [
      ['PUT', '/orders/1/order-item/1?action=SHIP', undefined, 'action'],
      ['PUT', '/orders/1/order-item/1?action=APPROVE_PARTIALLY&quantity=1e2', undefined, 'quantity'],
      ['PUT', '/orders/x/order-item/1?action=APPROVE', undefined, 'orderId'],
      ['PUT', '/order-action/FLY?id=1', undefined, 'action'],
      ['PUT', '/order-action/COMPLETE', undefined, 'id'],
      ['PUT', '/orders', { id: 1, status: 'COMPLETED' }, 'status'],
      ['PUT', '/orders', { status: 'CANCELED_BY_BUYER' }, 'id'],
      ['GET', '/orders/filter?operationType=ALL', undefined, 'operationType'],
      ['GET', '/orders?page=0&size=10', undefined, 'page'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await w.call(method as 'PUT', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json.error.field, url).toBe(field);
    }
    const unknown = await w.call('PUT', '/orders/1/order-item/1?action=SHIP');
    expect(unknown.json.error.message).toMatch(/^İşlem tipi: Geçersiz kalem işlemi; beklenen: APPROVE, /);
  });
});
