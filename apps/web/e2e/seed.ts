import type { CreateUserAccessBody, UserAccess } from '@mandira/contract/access';
import type { Envelope } from '@mandira/contract/envelope';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import type { CreateProductItemBody, ProductItem } from '@mandira/contract/products';
import type { Shipment } from '@mandira/contract/shipments';
import type { Warehouse } from '@mandira/contract/stock';
import { ADMIN_PASSWORD, ADMIN_USER } from './settings.ts';

/** Test data goes in through the API, the way the screens would send it. */
export class ApiSeeder {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static asAdmin(baseUrl: string): Promise<ApiSeeder> {
    return ApiSeeder.as(baseUrl, ADMIN_USER, ADMIN_PASSWORD);
  }

  /** Calls as this user, e.g. a second user changing a record while a form has it open. */
  static async as(baseUrl: string, userName: string, password: string): Promise<ApiSeeder> {
    const response = await fetch(`${baseUrl}/api/user-access/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });
    const answer = (await response.json()) as Envelope<{ authToken: string }>;
    if (!answer.success) throw new Error(`${userName} girişi olmadı: ${answer.error.message}`);
    return new ApiSeeder(baseUrl, answer.data.authToken);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        'auth-token': this.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Envelope<T>;
    if (!answer.success) throw new Error(`${method} ${path}: ${answer.error.message}`);
    return answer.data;
  }

  createUser(body: CreateUserAccessBody): Promise<UserAccess> {
    return this.call<UserAccess>('POST', '/user-access', body);
  }
}

/** A valid stockable item: 1500 g vacuum packs, 6 to a box; the barcode follows the stock code's digits. */
export function productItemBody(
  stockCode: string,
  name: string,
  extra: Partial<CreateProductItemBody> = {},
): CreateProductItemBody {
  return {
    stockCode,
    name,
    barcode: `86900${stockCode.replace(/\D/g, '').padStart(8, '0')}`,
    packagingType: 'VACUUM_PACKAGE',
    warehouseStockType: 'FOODS',
    packagingUnitType: 'GRAM',
    packagingUnitTypeAmount: 1500,
    width: 20,
    length: 12,
    height: 8,
    quantityInBox: 6,
    ...extra,
  };
}

/**
 * A sellable product of one kind of 1,5 kg pack (out of the 1500 g group other suites count), six to a
 * box, with `pieces` of it in DEPO1: what an order needs.
 */
export async function stockedProduct(
  seeder: ApiSeeder,
  product: { code: string; name: string; price: number },
  pieces: number,
): Promise<{ id: number }> {
  const item = await seeder.call<ProductItem>(
    'POST',
    '/product-item',
    productItemBody(product.code, product.name, {
      packagingUnitType: 'KILOGRAM',
      packagingUnitTypeAmount: 1.5,
    }),
  );
  const depo1 = item.stocks.find((line) => line.wareHouse.name === 'DEPO1')!;
  await seeder.call('PUT', '/product-item/stock-import-bulk', {
    stockChange: [
      { id: depo1.id, importedQuantity: pieces, stockOperationType: 'PRODUCTION_INBOUND', notes: '' },
    ],
  });
  return seeder.call<{ id: number }>('POST', '/products', {
    name: product.name,
    stockCode: product.code,
    barcode: item.barcode,
    price: product.price,
    quantityInsideBox: 6,
    productBundle: [{ productItemId: item.id, quantity: 1 }],
  });
}

/**
 * A truck with its driver, leaving Depo-1 for `toWarehouseId` (a buyer's warehouse) and taking loads
 * (LOADING): what a load or its acceptance needs.
 */
export async function loadingShipment(
  seeder: ApiSeeder,
  shipment: { shipmentCode: string; plate: string; toWarehouseId: number },
): Promise<Shipment> {
  const [vehicle, driver, warehouses] = await Promise.all([
    seeder.call<{ id: number }>('POST', '/shipments/vehicle', {
      licencePlateCode: shipment.plate,
      brand: 'Isuzu',
      model: 'NPR',
      capacityInTons: 6,
      palletCapacity: 8,
    }),
    seeder.call<{ id: number }>('POST', '/shipments/vehicleDrivers', {
      name: 'Kemal',
      surname: 'Uçar',
      gender: 'Erkek',
      phone: '0533 555 12 12',
    }),
    seeder.call<Warehouse[]>('GET', '/warehouses'),
  ]);
  const created = await seeder.call<Shipment>('POST', '/shipments', {
    shipmentCode: shipment.shipmentCode,
    vehicleId: vehicle.id,
    driverId: driver.id,
    fromWarehouseId: warehouses.find((one) => one.name === 'DEPO1')!.id,
    toWarehouseId: shipment.toWarehouseId,
  });
  await seeder.call('PUT', `/shipments/${created.id}/on-action`, { action: 'PREPARE_TO_LOAD' });
  await seeder.call('PUT', `/shipments/status/loading/${created.id}`);
  return created;
}

/**
 * One box of the product ordered today for the buyer's branch, approved, prepared and being loaded in
 * the warehouse; `item` is the path of its order item.
 */
export async function orderBeingLoaded(
  seeder: ApiSeeder,
  buyerId: number,
  branchId: number,
  productId: number,
) {
  await seeder.call('POST', '/admin/baskets', { buyerId, productId, boxQuantity: 1 });
  const order = await seeder.call<Order>('POST', '/admin/baskets/apply-to-order', {
    buyerId,
    buyerBranch: branchId,
    plannedShipmentDate: istanbulDate(new Date()),
  });
  const item = `/orders/${order.id}/order-item/${order.orderItems[0]!.id}`;
  await seeder.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
  await seeder.call('PUT', `${item}?action=APPROVE`);
  await seeder.call('PUT', `/order-action/FORWARD_TO_WAREHOUSE_OPERATION?id=${order.id}`);
  for (const step of ['/prepare', '/ready-for-loading', '?action=LOADING']) {
    await seeder.call('PUT', `${item}${step}`);
  }
  return { order, item };
}
