import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { MyWork, MyWorkKey } from '@mandira/contract/my-work';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountingWorld, accountingWorld, pay } from '../../../test/builders/accounting-test-data.ts';
import { forceShipmentStatus, loadOnto, shipment } from '../../../test/builders/fleet-test-data.ts';
import { createDelivery, createDriver, createVehicle } from '../../../test/builders/milk-fixtures.ts';
import { buyer, forceStatuses, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';

let w: AccountingWorld;
let tokens: Record<string, string>;
let overdueOrderId: number;
/** The shipments carrying a load that waits for acceptance, and one of those loads. */
let awaitingAcceptance: number[];
let waitingLoad: { orderId: number; itemId: number };
let deliveredOrderId: number;

async function myWorkOf(token: string): Promise<MyWork> {
  const response = await w.call('GET', '/dashboard/my-work', undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data;
}
const countsOf = (work: MyWork) => Object.fromEntries(work.map((item) => [item.key, item.count]));
const keysOf = (work: MyWork) => work.map((item) => item.key);

beforeAll(async () => {
  w = await accountingWorld();
  tokens = {
    orderManager: w.manager,
    warehouse: w.warehouse,
    shipping: await w.t.tokenWithRoles(['SHIPPING_STAFF']),
    finance: w.finance,
    accountingManager: await w.t.tokenWithRoles(['ACCOUNTING_MANAGER']),
    sales: w.sales,
    admin: await w.t.adminToken(),
  };
  const productId = await stockedProduct(w, 1000);
  const buyerId = (await buyer(w)).id;
  const order = () => placedOrder(w, buyerId, [{ productId, boxes: 1 }]);
  // Two orders waiting for review and one in review: the order screen opens on all three.
  await order();
  await order();
  await forceStatuses(w, (await order()).id, 'IN_REVIEW', ['APPROVED']);
  // Delivered, waiting for 'Siparişi Tamamla': every item delivered or canceled. Not yet: one item
  // still on its truck. Completed already: none of the order manager's work.
  const twoItems = async () =>
    placedOrder(w, buyerId, [
      { productId, boxes: 1 },
      { productId: await stockedProduct(w, 1000), boxes: 1 },
    ]);
  deliveredOrderId = (await twoItems()).id;
  await forceStatuses(w, deliveredOrderId, 'IN_PROGRESS', ['DELIVERED_TO_BUYER', 'CANCELED'], 6);
  await forceStatuses(
    w,
    (await twoItems()).id,
    'IN_PROGRESS',
    ['DELIVERED_TO_BUYER', 'LOAD_STATUS_ACCEPTED'],
    6,
  );
  await forceStatuses(w, (await twoItems()).id, 'COMPLETED', ['DELIVERED_TO_BUYER', 'DELIVERED_TO_BUYER'], 6);
  // In the warehouse: two items waiting for it, one it is preparing.
  const inWarehouse = await placedOrder(w, buyerId, [
    { productId, boxes: 1 },
    { productId: await stockedProduct(w, 1000), boxes: 1 },
    { productId: await stockedProduct(w, 1000), boxes: 1 },
  ]);
  await forceStatuses(w, inWarehouse.id, 'IN_PROGRESS', [
    'WAITING_FOR_WAREHOUSE_OPERATION',
    'WAITING_FOR_WAREHOUSE_OPERATION',
    'PREPARING',
  ]);
  // An order due to ship two days ago, still owing its 48 TL (one box of 6 pieces at 8 TL).
  const overdue = await order();
  overdueOrderId = overdue.id;
  const daysAgo = addDays(istanbulDate(new Date()), -2);
  await w.t.db.execute(sql`update orders set planned_shipment_date = ${daysAgo} where id = ${overdue.id}`);
  // And one as old, canceled, which owes nothing.
  const canceled = await order();
  await w.t.db.execute(
    sql`update orders set planned_shipment_date = ${daysAgo}, status = 'CANCELED_BY_SELLER' where id = ${canceled.id}`,
  );
  // Shipments: two on the weighbridge, one parked.
  for (const status of ['LOAD_WEIGHT_CHECK', 'LOAD_WEIGHT_CHECK', 'PARKING'] as const) {
    await forceShipmentStatus(w, (await shipment(w)).id, status);
  }
  // Loads waiting for the shipping staff: two on a truck still loading (one truck to check), one
  // beside an accepted one on a truck in load check; a truck whose only load is accepted waits for nobody.
  const loading = (await shipment(w)).id;
  await forceShipmentStatus(w, loading, 'LOADING');
  const firstWaiting = await loadOnto(w, loading, { pieces: 6, accepted: false });
  await loadOnto(w, loading, { pieces: 6, accepted: false });
  const checking = (await shipment(w)).id;
  await forceShipmentStatus(w, checking, 'LOAD_CHECK');
  await loadOnto(w, checking, { pieces: 6, accepted: false });
  await loadOnto(w, checking, { pieces: 6 });
  const accepted = (await shipment(w)).id;
  await forceShipmentStatus(w, accepted, 'LOAD_CHECK');
  await loadOnto(w, accepted, { pieces: 6 });
  awaitingAcceptance = [loading, checking];
  const [item] = await rowsOf<{ order_id: number }>(
    w.t.db,
    sql`select order_id from order_items where id = ${firstWaiting}`,
  );
  waitingLoad = { orderId: item!.order_id, itemId: firstWaiting };
  // The ERP's queues: three buyers, one item.
  await w.t.db.execute(
    sql`insert into pending_buyers (code, title) values ('ERP-1', 'Bir'), ('ERP-2', 'İki'), ('ERP-3', 'Üç')`,
  );
  await w.t.db.execute(sql`insert into pending_product_items (stock_code, name) values ('ERP-I1', 'Kaşar')`);
  // Milk: two deliveries today, one yesterday.
  const vehicle = await createVehicle(w.t, w.manager);
  const driver = await createDriver(w.t, w.manager);
  const delivery = (deliveryDateTime?: string) =>
    createDelivery(w.t, w.manager, {
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveryDateTime,
    });
  await delivery();
  await delivery();
  await delivery(new Date(Date.now() - 26 * 3600_000).toISOString());
}, 120_000);

afterAll(() => w.close());

it('says "500+" past the overdue list\'s limit rather than counting every order', async () => {
  const { myWork } = await import('./my-work.service.ts');
  // Inside a transaction rolled back at the end: 501 more orders overdue, then the count stops.
  await w.t.db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into orders (buyer_id, status, planned_shipment_date, total_price, dealt_total_price)
        select buyer_id, 'COMPLETED', '2020-01-01', 10, 10 from orders, generate_series(1, 501) limit 501`);
      const work = await myWork(tx, {
        userId: 0,
        userName: 't',
        roles: [],
        privileges: new Set(),
        isSuperAdmin: true,
      });
      expect(work.find((item) => item.key === 'ORDERS_OVERDUE_BALANCE')).toMatchObject({
        count: 500,
        more: true,
      });
      throw new Error('rollback');
    })
    .catch((error: Error) => expect(error.message).toBe('rollback'));
});

describe('GET /api/dashboard/my-work', () => {
  it('answers 401 without a token', async () => {
    const response = await w.t.call(undefined, { method: 'GET', url: '/api/dashboard/my-work' });
    expect(response.statusCode).toBe(401);
  });

  it.each<[string, MyWorkKey[]]>([
    ['orderManager', ['ORDERS_WAITING_REVIEW', 'ORDERS_WAITING_COMPLETION', 'MILK_DELIVERIES_TODAY']],
    ['warehouse', ['ITEMS_WAITING_WAREHOUSE', 'LOTS_EXPIRING', 'LOTS_EXPIRED_ON_HAND']],
    ['shipping', ['LOADS_WAITING_ACCEPTANCE', 'SHIPMENTS_ON_WEIGHBRIDGE']],
    ['finance', ['ORDERS_OVERDUE_BALANCE']],
    ['accountingManager', ['BUYERS_WAITING_APPROVAL', 'ORDERS_OVERDUE_BALANCE']],
    ['sales', ['ITEMS_WAITING_APPROVAL']],
  ])('gives the %s only the cards of their own screens', async (role, keys) => {
    expect(keysOf(await myWorkOf(tokens[role]!))).toEqual(keys);
  });

  it('gives the super admin every card, counted from the data and linking to the filtered screen', async () => {
    const work = await myWorkOf(tokens.admin!);
    const today = istanbulDate(new Date());
    expect(work).toEqual([
      {
        key: 'ORDERS_WAITING_REVIEW',
        label: 'İnceleme bekleyen ve incelemedeki siparişler',
        count: 4,
        more: false,
        relativePath: '/siparisler?status=WAITING_FOR_REVIEW%2CIN_REVIEW',
      },
      {
        key: 'ORDERS_WAITING_COMPLETION',
        label: 'Teslim edilmiş, tamamlanmayı bekleyen siparişler',
        count: 1,
        more: false,
        relativePath: '/siparisler?status=IN_PROGRESS&completion=waiting',
      },
      {
        key: 'ITEMS_WAITING_WAREHOUSE',
        label: 'Depo operasyonu bekleyen kalemler',
        count: 2,
        more: false,
        relativePath: '/depo-siparis-yonetimi?itemStatus=WAITING_FOR_WAREHOUSE_OPERATION',
      },
      {
        key: 'LOADS_WAITING_ACCEPTANCE',
        label: 'Kabul bekleyen yükler',
        count: 2,
        more: false,
        relativePath: '/sevkiyat-yonetimi?awaitingAcceptance=true',
      },
      {
        key: 'SHIPMENTS_ON_WEIGHBRIDGE',
        label: 'Kantardaki sevkiyatlar',
        count: 2,
        more: false,
        relativePath: '/sevkiyat-yonetimi?status=LOAD_WEIGHT_CHECK',
      },
      {
        key: 'BUYERS_WAITING_APPROVAL',
        label: 'Onay bekleyen müşteriler',
        count: 3,
        more: false,
        relativePath: '/buyer-approval',
      },
      {
        key: 'ITEMS_WAITING_APPROVAL',
        label: 'Onay bekleyen ürünler',
        count: 1,
        more: false,
        relativePath: '/onay-bekleyen-urunler',
      },
      {
        key: 'MILK_DELIVERIES_TODAY',
        label: 'Bugünkü süt teslimatları',
        count: 2,
        more: false,
        relativePath: `/sut-girisi?from=${today}&to=${today}`,
      },
      {
        key: 'ORDERS_OVERDUE_BALANCE',
        label: 'Sevk tarihi geçmiş, ödemesi açık siparişler',
        count: 1,
        more: false,
        relativePath: '/musteri-finans-yonetimi?overdue=1',
      },
      {
        key: 'LOTS_EXPIRING',
        label: 'Son kullanma tarihi yaklaşan partiler',
        count: 0,
        more: false,
        relativePath: '/parti-takibi?expiringWithinDays=7',
      },
      {
        key: 'LOTS_EXPIRED_ON_HAND',
        label: 'Süresi geçmiş stok',
        count: 0,
        more: false,
        relativePath: '/parti-takibi?expired=true',
      },
    ]);
  });

  it("gives the shipping staff the trucks with loads waiting for them, as their list's opening view", async () => {
    const card = (await myWorkOf(tokens.shipping!)).find((item) => item.key === 'LOADS_WAITING_ACCEPTANCE')!;
    expect(card).toMatchObject({ label: 'Kabul bekleyen yükler', count: 2 });
    const listed = await w.call(
      'GET',
      `/shipments?awaitingAcceptance=true&page=1`,
      undefined,
      tokens.shipping,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json.data.count).toBe(card.count);
    expect(listed.json.data.shipments.map((one: { id: number }) => one.id).sort()).toEqual(
      [...awaitingAcceptance].sort(),
    );
    const others = await w.call(
      'GET',
      `/shipments?awaitingAcceptance=false&page=1&size=100`,
      undefined,
      tokens.shipping,
    );
    expect(others.json.data.shipments.map((one: { id: number }) => one.id)).not.toContain(
      awaitingAcceptance[0],
    );
  });

  it('counts a truck no more once the shipping staff accepted its last waiting load', async () => {
    const before = countsOf(await myWorkOf(tokens.shipping!)).LOADS_WAITING_ACCEPTANCE!;
    // The loading truck's first load accepted: its second still waits, so the truck still counts.
    const path = `/orders/${waitingLoad.orderId}/order-item/${waitingLoad.itemId}/accept-load-status`;
    const accepted = await w.call('PUT', path, undefined, tokens.shipping);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(countsOf(await myWorkOf(tokens.shipping!)).LOADS_WAITING_ACCEPTANCE).toBe(before);
    const [other] = await rowsOf<{ id: number; order_id: number }>(
      w.t.db,
      sql`select i.id, i.order_id from order_items i join shipment_loads l on l.order_item_id = i.id
           where l.shipment_id = ${awaitingAcceptance[0]!} and i.status = 'LOADED_TO_TRUCK_FROM_WAREHOUSE'`,
    );
    const last = await w.call(
      'PUT',
      `/orders/${other!.order_id}/order-item/${other!.id}/accept-load-status`,
      undefined,
      tokens.shipping,
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(countsOf(await myWorkOf(tokens.shipping!)).LOADS_WAITING_ACCEPTANCE).toBe(before - 1);
  });

  it("gives the order manager the delivered orders to complete, as the order screen's filter lists them", async () => {
    const work = await myWorkOf(tokens.orderManager!);
    const card = work.find((item) => item.key === 'ORDERS_WAITING_COMPLETION')!;
    expect(card.count).toBe(1);
    const search = (body: object) =>
      w.call('POST', '/orders/filter-by-query', { ...body, page: 1, size: 25 }, tokens.orderManager);
    const listed = await search({ orderStatuses: ['IN_PROGRESS'], awaitingCompletion: true });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json.data.orders.map((order: { id: number }) => order.id)).toEqual([deliveredOrderId]);
    // The review card counts what the screen opens on: both statuses, every day.
    const review = work.find((item) => item.key === 'ORDERS_WAITING_REVIEW')!;
    const opening = await search({ orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'] });
    expect(opening.json.data.count).toBe(review.count);
    // Completed, it waits no more.
    const completed = await w.call(
      'PUT',
      `/order-action/COMPLETE?id=${deliveredOrderId}`,
      undefined,
      tokens.orderManager,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(countsOf(await myWorkOf(tokens.orderManager!)).ORDERS_WAITING_COMPLETION).toBe(0);
  });

  it('counts an order taken into review still, one forwarded to the warehouse no more, and one paid in full no more', async () => {
    // The order screen's four orders to review: one taken into review still counts, one forwarded leaves.
    const before = countsOf(await myWorkOf(tokens.admin!));
    await w.t.db.execute(
      sql`update orders set status = 'IN_REVIEW'
           where id = (select min(id) from orders where status = 'WAITING_FOR_REVIEW')`,
    );
    expect(countsOf(await myWorkOf(tokens.admin!)).ORDERS_WAITING_REVIEW).toBe(before.ORDERS_WAITING_REVIEW);
    await w.t.db.execute(
      sql`update orders set status = 'IN_PROGRESS'
           where id = (select min(id) from orders where status = 'IN_REVIEW')`,
    );
    const [row] = await rowsOf<{ dealt: string }>(
      w.t.db,
      sql`select dealt_total_price::text as dealt from orders where id = ${overdueOrderId}`,
    );
    const open = Number(row!.dealt);
    const part = await pay(w, {
      orderId: overdueOrderId,
      payType: 'CASH',
      reason: 'ORDER_PAYMENT',
      amount: 1,
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(countsOf(await myWorkOf(tokens.finance!)).ORDERS_OVERDUE_BALANCE).toBe(1);
    // The accounting screen's list behind the card holds the same order, with what is still open.
    const listed = await w.call('GET', '/accounting/overdue-orders', undefined, tokens.finance);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json.data).toMatchObject([
      {
        orderId: overdueOrderId,
        plannedShipmentDate: addDays(istanbulDate(new Date()), -2),
        dealtTotal: open,
        settled: 1,
        openAmount: open - 1,
      },
    ]);
    const rest = await pay(w, {
      orderId: overdueOrderId,
      payType: 'BANK_TRANSFER',
      reason: 'ORDER_PAYMENT',
      amount: open - 1,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = countsOf(await myWorkOf(tokens.admin!));
    expect((await w.call('GET', '/accounting/overdue-orders', undefined, tokens.finance)).json.data).toEqual(
      [],
    );
    expect(after).toEqual({ ...before, ORDERS_WAITING_REVIEW: 3, ORDERS_OVERDUE_BALANCE: 0 });
  });
});
