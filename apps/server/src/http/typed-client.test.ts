import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../test/api-client/schema.d.ts';
import { ADMIN, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The order flow as an integrator runs it: a client generated from docs/openapi.json with
 * openapi-typescript, called with openapi-fetch over HTTP, with no type written by hand and no cast.
 * Every answer is also checked against the document by the tests' answer check.
 */

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The answer's body, or the failure with its status and error envelope. */
function must<T>({ data, error, response }: Answer<T>): T {
  if (data === undefined) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(error)}`);
  return data;
}

let t: TestApp;
let client: ReturnType<typeof createClient<paths>>;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  client = createClient<paths>({ baseUrl: `${address}/api` });
  client.use({
    onRequest({ request }) {
      if (token) request.headers.set('auth-token', token);
      return request;
    },
  });
});
afterAll(() => t.close());

describe('a client generated from the API document', () => {
  it('runs the order flow from a warehouse to a payment without a cast', async () => {
    const signedIn = must(
      await client.POST('/user-access/sign-in', {
        body: { userName: ADMIN.userName, password: ADMIN.password },
      }),
    );
    token = signedIn.data.authToken;

    const warehouse = must(
      await client.POST('/warehouses', { body: { shortName: 'Soğuk Hava Deposu' } }),
    ).data;
    const item = must(
      await client.POST('/product-item', {
        body: {
          name: 'Tam Yağlı Beyaz Peynir',
          stockCode: 'BYZ-TC-1',
          barcode: '8690001999001',
          packagingType: 'VACUUM_PACKAGE',
          warehouseStockType: 'FOODS',
          packagingUnitType: 'GRAM',
          packagingUnitTypeAmount: 500,
          width: 14,
          length: 9,
          height: 5,
          quantityInBox: 12,
        },
      }),
    ).data;
    const lines = must(await client.GET('/product-item/{id}', { params: { path: { id: item.id } } })).data
      .stocks;
    const line = lines.find((stock) => stock.warehouseId === warehouse.id);
    if (!line) throw new Error('the new warehouse holds no stock line of the item');
    must(
      await client.POST('/product-item/stock-import', {
        body: { id: line.id, importedQuantity: 120, stockOperationType: 'PRODUCTION_INBOUND' },
      }),
    );

    const product = must(
      await client.POST('/products', {
        body: {
          name: 'Beyaz Peynir Kolisi',
          price: 95.5,
          discount: 5,
          quantityInsideBox: 6,
          productBundle: [{ productItemId: item.id, quantity: 1 }],
        },
      }),
    ).data;
    const buyer = must(
      await client.POST('/buyers', { body: { code: 'MUS-TC-1', title: 'Ilgaz Şarküteri Ltd. Şti.' } }),
    ).data;
    const branch = must(
      await client.POST('/buyers/warehouses', {
        body: { buyerId: buyer.id, code: 'MERKEZ', title: 'Merkez Deposu' },
      }),
    ).data;

    must(
      await client.POST('/admin/baskets', {
        body: { buyerId: buyer.id, productId: product.id, boxQuantity: 2 },
      }),
    );
    const order = must(
      await client.POST('/admin/baskets/apply-to-order', {
        body: {
          buyerId: buyer.id,
          buyerBranch: branch.id,
          plannedShipmentDate: addDays(istanbulDate(new Date()), 2),
        },
      }),
    ).data;
    expect(order.statusDescription.name).toBe('WAITING_FOR_REVIEW');
    const [orderItem] = order.orderItems;
    if (!orderItem) throw new Error('the order has no item');
    const itemPath = { orderId: order.id, itemId: orderItem.id };

    must(
      await client.PUT('/order-action/{action}', {
        params: { path: { action: 'FORWARD_TO_IN_REVIEW' }, query: { id: order.id } },
      }),
    );
    must(
      await client.PUT('/orders/{orderId}/order-item/{itemId}', {
        params: { path: itemPath, query: { action: 'APPROVE' } },
      }),
    );
    must(
      await client.PUT('/order-action/{action}', {
        params: { path: { action: 'FORWARD_TO_WAREHOUSE_OPERATION' }, query: { id: order.id } },
      }),
    );
    must(await client.PUT('/orders/{orderId}/order-item/{itemId}/prepare', { params: { path: itemPath } }));
    must(
      await client.PUT('/orders/{orderId}/order-item/{itemId}/ready-for-loading', {
        params: { path: itemPath },
      }),
    );
    must(
      await client.PUT('/orders/{orderId}/order-item/{itemId}', {
        params: { path: itemPath, query: { action: 'LOADING' } },
      }),
    );

    const vehicle = must(
      await client.POST('/shipments/vehicle', {
        body: { licencePlateCode: '34 TC 101', brand: 'Ford', model: 'Cargo', capacityInTons: 12 },
      }),
    ).data;
    const driver = must(
      await client.POST('/shipments/vehicleDrivers', { body: { name: 'Mehmet', surname: 'Şahin' } }),
    ).data;
    const shipment = must(
      await client.POST('/shipments', {
        body: {
          shipmentCode: 'SVK-TC-1',
          vehicleId: vehicle.id,
          driverId: driver.id,
          fromWarehouseId: warehouse.id,
          toWarehouseId: branch.id,
        },
      }),
    ).data;
    for (const action of ['PREPARE_TO_LOAD', 'START_LOADING'] as const) {
      must(
        await client.PUT('/shipments/{id}/on-action', {
          params: { path: { id: shipment.id } },
          body: { action },
        }),
      );
    }
    const loaded = must(
      await client.PUT('/orders/{orderId}/order-item/{itemId}/load', {
        params: { path: itemPath, query: { action: 'LOAD_ITEM_TO_TRUCK' } },
        body: {
          shippingId: shipment.id,
          warehouseStocks: [{ warehouse: warehouse.name, quantity: orderItem.quantity }],
        },
      }),
    ).data;
    expect(loaded.map((changed) => changed.orderItems.map((one) => one.loadedQuantity))).toEqual([
      [orderItem.quantity],
    ]);
    const finished = must(
      await client.PUT('/orders/{orderId}/order-item/{itemId}/loaded-to-truck/{shipmentId}', {
        params: { path: { ...itemPath, shipmentId: shipment.id } },
      }),
    ).data;
    expect(finished.map((changed) => changed.orderItems.map((one) => one.statusDescription.name))).toEqual([
      ['LOADED_TO_TRUCK_FROM_WAREHOUSE'],
    ]);

    must(
      await client.POST('/accounting/pay-order', {
        body: { orderId: order.id, payType: 'BANK_TRANSFER', reason: 'ORDER_PAYMENT', amount: 100 },
      }),
    );
    const summary = must(
      await client.GET('/accounting/summary', { params: { query: { buyerId: buyer.id } } }),
    ).data;
    expect(summary).toMatchObject({ buyerId: buyer.id, totalOrderCount: 1, totalAmountOfOrderPayments: 100 });
  });
});
