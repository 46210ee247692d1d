import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  itemState,
  type LoadWorld,
  load,
  loadWorld,
  ok,
  onHand,
  orderInWarehouse,
  shipmentAction,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';

/**
 * One item split over two trucks (docs/domain/loading-and-shipments.md): the first delivers, the second comes
 * back and is parked; the returned pieces go back to their line and load onto a third truck, which delivers.
 * After every step the ledger holds: lines = their history, loaded pieces = load records = goods-out less
 * returns, reservation counters = their sums.
 */
let w: LoadWorld;
let cheeseItem: number;
let cheese: number;
beforeAll(async () => {
  w = await loadWorld();
  cheeseItem = await stockedItem(w, { DEPO1: 500 });
  cheese = await product(w, [{ itemId: cheeseItem, quantity: 1 }]);
});
afterAll(() => w.close());

const act = (shipmentId: number, action: string, extra: object = {}) =>
  shipmentAction(w, shipmentId, action, extra);
const itemStatus = (itemId: number) => itemState(w, itemId);

async function dispatch(shipmentId: number, itemId: number, pieces: number) {
  ok(await w.call('PUT', `/shipments/start-load-check/${shipmentId}`, undefined, w.office), 'check');
  // Acceptance is the item's: once accepted on one truck, it is accepted on the other too.
  if ((await itemStatus(itemId)).status === 'LOADED_TO_TRUCK_FROM_WAREHOUSE') {
    ok(
      await w.call(
        'PUT',
        '/shipments/load',
        { orderShipmentId: shipmentId, orderItemId: itemId },
        w.shipping,
      ),
      'accept',
    );
  }
  ok(await act(shipmentId, 'FINISH_LOAD_CHECK'), 'finish check');
  ok(await act(shipmentId, 'START_WEIGHT_CHECK'), 'weigh');
  ok(await act(shipmentId, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: pieces * 0.0015 }), 'weighed');
  ok(await w.call('PUT', `/shipments/start-delivery/${shipmentId}`, undefined, w.office), 'start delivery');
}

it('an item on two trucks: one delivers, the other comes back, and the rest loads and delivers again', async () => {
  const { order, itemId } = await orderInWarehouse(w, cheese, 3);
  const a = await shipmentIn(w, 'LOADING');
  const b = await shipmentIn(w, 'LOADING');
  ok(await load(w, order, itemId, a.id, [{ warehouse: 'DEPO1', quantity: 6 }]), 'load a');
  ok(await load(w, order, itemId, b.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load b');
  ok(
    await w.call('PUT', `/orders/${order.id}/order-item/${itemId}/loaded-to-truck`, undefined, w.warehouse),
    'loaded',
  );
  await expectLedgerHolds(w);
  await dispatch(a.id, itemId, 6);
  await dispatch(b.id, itemId, 12);
  ok(await w.call('PUT', `/shipments/complete-delivery/${a.id}`, undefined, w.office), 'deliver a');
  // Twelve of its pieces are still on the road: the item waits for the other truck.
  expect(await itemStatus(itemId)).toEqual({ status: 'LOAD_STATUS_ACCEPTED', loaded_quantity: 18 });
  await expectLedgerHolds(w);

  const before = await onHand(w, cheeseItem, 'DEPO1');
  ok(await act(b.id, 'SET_AS_RETURNING_TO_WAREHOUSE'), 'returning');
  ok(await act(b.id, 'DO_PARKING'), 'parked');
  expect(await onHand(w, cheeseItem, 'DEPO1')).toBe(before + 12);
  // The delivered six stay loaded; the returned twelve are to load again, and reserved again.
  expect(await itemStatus(itemId)).toEqual({ status: 'LOADING', loaded_quantity: 6 });
  await expectLedgerHolds(w);

  const c = await shipmentIn(w, 'LOADING');
  ok(await load(w, order, itemId, c.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load c');
  ok(
    await w.call('PUT', `/orders/${order.id}/order-item/${itemId}/loaded-to-truck`, undefined, w.warehouse),
    'loaded again',
  );
  await dispatch(c.id, itemId, 12);
  ok(await w.call('PUT', `/shipments/complete-delivery/${c.id}`, undefined, w.office), 'deliver c');
  expect(await itemStatus(itemId)).toEqual({ status: 'DELIVERED_TO_BUYER', loaded_quantity: 18 });
  await expectLedgerHolds(w);
  ok(await w.call('PUT', `/order-action/COMPLETE?id=${order.id}`), 'complete');
});
