import type { CreateUserAccessBody, UserAccess } from '@mandira/contract/access';
import type {
  Buyer,
  BuyerWarehouse,
  CreateBuyerBody,
  CreateBuyerWarehouseBody,
} from '@mandira/contract/buyers';
import type { Envelope } from '@mandira/contract/envelope';
import type { CreateDriverBody, CreateVehicleBody, Driver, Vehicle } from '@mandira/contract/fleet';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { LotInput } from '@mandira/contract/lots';
import type { CreateMilkDeliveryBody } from '@mandira/contract/milk';
import type { ApplyToOrderBody, Order } from '@mandira/contract/orders';
import type { CreateProductItemBody, ProductItem } from '@mandira/contract/products';
import type { CreateShipmentBody, Shipment } from '@mandira/contract/shipments';
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

  createBuyer(body: CreateBuyerBody): Promise<Buyer> {
    return this.call<Buyer>('POST', '/buyers', body);
  }

  /** A delivery warehouse (branch) of the buyer. */
  createBuyerWarehouse(buyerId: number, body: BranchBody): Promise<BuyerWarehouse> {
    return this.call<BuyerWarehouse>('POST', '/buyers/warehouses', { buyerId, ...body });
  }

  createProductItem(body: CreateProductItemBody): Promise<ProductItem> {
    return this.call<ProductItem>('POST', '/product-item', body);
  }

  /** An order vehicle of the fleet (not a milk vehicle). */
  createVehicle(body: CreateVehicleBody): Promise<Vehicle> {
    return this.call<Vehicle>('POST', '/shipments/vehicle', body);
  }

  /** An order driver of the fleet (not a milk driver). */
  createDriver(body: CreateDriverBody): Promise<Driver> {
    return this.call<Driver>('POST', '/shipments/vehicleDrivers', body);
  }

  /** The shipment's machine actions, one after another; answers the shipment after the last. */
  async shipmentActions(shipmentId: number, ...actions: string[]): Promise<Shipment> {
    let shipment: Shipment | undefined;
    for (const action of actions) {
      shipment = await this.call<Shipment>('PUT', `/shipments/${shipmentId}/on-action`, { action });
    }
    return shipment!;
  }
}

type BranchBody = Omit<CreateBuyerWarehouseBody, 'buyerId'>;

/** A buyer and one delivery warehouse (branch) of it. */
export async function buyerWithBranch(seeder: ApiSeeder, buyer: CreateBuyerBody, branch: BranchBody) {
  const created = await seeder.createBuyer(buyer);
  return { buyer: created, branch: await seeder.createBuyerWarehouse(created.id, branch) };
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

/** 1,5 kg packs: out of the 1500 g group, whose products the order suite counts on this shared server. */
export const KILO_AND_A_HALF: Partial<CreateProductItemBody> = {
  packagingUnitType: 'KILOGRAM',
  packagingUnitTypeAmount: 1.5,
};

/** Pieces put on one of the item's stock lines: production's goods-in unless `type` says otherwise. */
export type StockIn = {
  pieces: number;
  /** The own warehouse by code; DEPO1 unless given. */
  warehouse?: string;
  type?: string;
  lot?: LotInput;
};

/** The item's stock line in the own warehouse `code` ('DEPO1'). */
const stockLine = (item: ProductItem, code: string) =>
  item.stocks.find((line) => line.wareHouse.name === code)!;

/** Goods-in on the item's stock lines, in one request (`PUT /product-item/stock-import-bulk`). */
export function stockIn(seeder: ApiSeeder, item: ProductItem, lines: StockIn[]): Promise<unknown> {
  return seeder.call('PUT', '/product-item/stock-import-bulk', {
    stockChange: lines.map(({ pieces, warehouse = 'DEPO1', type = 'PRODUCTION_INBOUND', lot }) => ({
      id: stockLine(item, warehouse).id,
      importedQuantity: pieces,
      stockOperationType: type,
      notes: '',
      lot,
    })),
  });
}

/** What a sellable product is called and costs; its stock code is its item's. */
export type ProductSeed = { code: string; name: string; price: number; discount?: number };

/** A sellable product of one piece of the item, six to a box, with the item's barcode. */
function sellableProduct(seeder: ApiSeeder, item: ProductItem, product: ProductSeed) {
  return seeder.call<{ id: number }>('POST', '/products', {
    name: product.name,
    stockCode: product.code,
    barcode: item.barcode,
    price: product.price,
    discount: product.discount,
    quantityInsideBox: 6,
    productBundle: [{ productItemId: item.id, quantity: 1 }],
  });
}

/**
 * A sellable product of one kind of pack (1,5 kg unless `pack` says otherwise), six to a box, with
 * `stock` of it (pieces in DEPO1, or lines of goods-in): what an order needs.
 */
export async function stockedProduct(
  seeder: ApiSeeder,
  product: ProductSeed,
  stock: number | StockIn[],
  pack: Partial<CreateProductItemBody> = KILO_AND_A_HALF,
): Promise<{ id: number; item: ProductItem }> {
  const item = await seeder.createProductItem(productItemBody(product.code, product.name, pack));
  await stockIn(seeder, item, typeof stock === 'number' ? [{ pieces: stock }] : stock);
  const { id } = await sellableProduct(seeder, item, product);
  return { id, item };
}

/** What placing an order takes besides the buyer; the planned day is today unless given. */
type OrderHeader = Omit<ApplyToOrderBody, 'buyerId' | 'plannedShipmentDate'> & {
  plannedShipmentDate?: string;
};

/**
 * How far a placed order is taken: `approved` (sent to review, its first item approved), `warehouse`
 * (then sent to the warehouse), `loading` (then its first item prepared, ready and being loaded).
 */
export type OrderStage = 'placed' | 'approved' | 'warehouse' | 'loading';
const STAGES: OrderStage[] = ['placed', 'approved', 'warehouse', 'loading'];

/**
 * `boxes` boxes of the product put in the buyer's basket, the basket placed as an order, and the order
 * taken on to `stage`.
 */
export async function placedOrder(
  seeder: ApiSeeder,
  basket: { buyerId: number; productId: number; boxes: number },
  header: OrderHeader = {},
  stage: OrderStage = 'placed',
): Promise<Order> {
  const { buyerId, productId, boxes } = basket;
  await seeder.call('POST', '/admin/baskets', { buyerId, productId, boxQuantity: boxes });
  const order = await seeder.call<Order>('POST', '/admin/baskets/apply-to-order', {
    buyerId,
    plannedShipmentDate: istanbulDate(new Date()),
    ...header,
  });
  const reached = (step: OrderStage) => STAGES.indexOf(stage) >= STAGES.indexOf(step);
  if (reached('approved')) {
    await seeder.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
    await seeder.call('PUT', `${itemPath(order)}?action=APPROVE`);
  }
  if (reached('warehouse')) {
    await seeder.call('PUT', `/order-action/FORWARD_TO_WAREHOUSE_OPERATION?id=${order.id}`);
  }
  if (reached('loading')) await itemLoading(seeder, order);
  return order;
}

/** The path of the order's first item, where its steps are sent: `/orders/7/order-item/9`. */
export const itemPath = (order: Order) => `/orders/${order.id}/order-item/${order.orderItems[0]!.id}`;

/** The order's first item, in the warehouse, prepared, ready for loading and being loaded. */
async function itemLoading(seeder: ApiSeeder, order: Order): Promise<void> {
  for (const step of ['/prepare', '/ready-for-loading', '?action=LOADING']) {
    await seeder.call('PUT', `${itemPath(order)}${step}`);
  }
}

/** `pieces` of the order's first item loaded from DEPO1 onto the shipment. */
export function loadOntoTruck(seeder: ApiSeeder, order: Order, shipmentId: number, pieces = 6) {
  return seeder.call('PUT', `${itemPath(order)}/load?action=LOAD_ITEM_TO_TRUCK`, {
    shippingId: shipmentId,
    warehouseStocks: [{ warehouse: 'DEPO1', quantity: pieces }],
  });
}

/** The item loaded so and its loading finished (`loaded-to-truck`): the load waits for acceptance. */
export async function loadedOntoTruck(seeder: ApiSeeder, order: Order, shipmentId: number, pieces = 6) {
  await loadOntoTruck(seeder, order, shipmentId, pieces);
  await seeder.call('PUT', `${itemPath(order)}/loaded-to-truck`);
}

/** An order waiting in the warehouse: its item prepared and loaded whole (one box), its loading finished. */
export async function preparedAndLoaded(seeder: ApiSeeder, order: Order, shipmentId: number) {
  await itemLoading(seeder, order);
  await loadedOntoTruck(seeder, order, shipmentId);
}

/** A shipment leaving the own warehouse `from` (DEPO1 unless given), parked. */
export async function createShipment(
  seeder: ApiSeeder,
  body: Omit<CreateShipmentBody, 'fromWarehouseId'> & { from?: string },
): Promise<Shipment> {
  const { from = 'DEPO1', ...shipment } = body;
  const warehouses = await seeder.call<Warehouse[]>('GET', '/warehouses');
  return seeder.call<Shipment>('POST', '/shipments', {
    ...shipment,
    fromWarehouseId: warehouses.find((one) => one.name === from)!.id,
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
  const [vehicle, driver] = await Promise.all([
    seeder.createVehicle({
      licencePlateCode: shipment.plate,
      brand: 'Isuzu',
      model: 'NPR',
      capacityInTons: 6,
      palletCapacity: 8,
    }),
    seeder.createDriver({ name: 'Kemal', surname: 'Uçar', gender: 'Erkek', phone: '0533 555 12 12' }),
  ]);
  const created = await createShipment(seeder, {
    shipmentCode: shipment.shipmentCode,
    vehicleId: vehicle.id,
    driverId: driver.id,
    toWarehouseId: shipment.toWarehouseId,
  });
  await seeder.shipmentActions(created.id, 'PREPARE_TO_LOAD');
  await seeder.call('PUT', `/shipments/status/loading/${created.id}`);
  return created;
}

/**
 * A milk vehicle of two 5000 L tanks and its driver, and one delivery of theirs (`volumes`: the milks
 * and the delivery's time).
 */
export async function milkDelivery(
  seeder: ApiSeeder,
  vehicle: { plate: string; driver: { name: string; surname: string } },
  volumes: Omit<CreateMilkDeliveryBody, 'milkVehicleId' | 'milkVehicleDriverId'>,
): Promise<{ milkVehicleId: number }> {
  const milkVehicle = await seeder.call<{ id: number }>('POST', '/production/milk-delivery/vehicles', {
    licencePlateCode: vehicle.plate,
    tankerCount: 2,
    tankerVolumePerUnit: 5000,
  });
  const milkDriver = await seeder.call<{ id: number }>(
    'POST',
    '/production/milk-delivery/drivers',
    vehicle.driver,
  );
  await seeder.call('POST', '/production/milk-delivery/deliveries', {
    milkVehicleId: milkVehicle.id,
    milkVehicleDriverId: milkDriver.id,
    ...volumes,
  });
  return { milkVehicleId: milkVehicle.id };
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
  const order = await placedOrder(
    seeder,
    { buyerId, productId, boxes: 1 },
    { buyerBranch: branchId },
    'loading',
  );
  return { order, item: itemPath(order) };
}
