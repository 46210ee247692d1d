import { z } from 'zod';
import type { OrderItemStatus, OrderStatus } from './order-machines.ts';
import { DEFAULT_ORDER_STATUS_FILTER } from './order-query.ts';
import type { Access } from './roles.ts';
import type { ScreenKey } from './screens.ts';
import type { ShipmentStatus } from './shipment-machine.ts';

export const MY_WORK_KEYS = [
  'ORDERS_WAITING_REVIEW',
  'ORDERS_WAITING_COMPLETION',
  'ITEMS_WAITING_WAREHOUSE',
  'LOADS_WAITING_ACCEPTANCE',
  'SHIPMENTS_ON_WEIGHBRIDGE',
  'BUYERS_WAITING_APPROVAL',
  'ITEMS_WAITING_APPROVAL',
  'MILK_DELIVERIES_TODAY',
  'ORDERS_OVERDUE_BALANCE',
  'LOTS_EXPIRING',
  'LOTS_EXPIRED_ON_HAND',
] as const;
export type MyWorkKey = (typeof MY_WORK_KEYS)[number];

/**
 * One card of Ana Sayfa: work waiting for the signed-in user on one of their screens. `relativePath`
 * opens that screen already filtered to the work.
 */
export const MyWorkItem = z.object({
  key: z.enum(MY_WORK_KEYS),
  label: z.string(),
  count: z.number().int(),
  more: z
    .boolean()
    .describe('True when more work waits than `count`: the count stops at the limit of the list it opens.'),
  relativePath: z.string().describe("The screen's path with the query that filters it to this work."),
});
export type MyWorkItem = z.infer<typeof MyWorkItem>;
export const MyWork = z.array(MyWorkItem);
export type MyWork = z.infer<typeof MyWork>;

/**
 * The statuses each queue waits in (docs/domain/my-work.md), shared by the server's counts and the
 * filters the target screens read from their URL, so a card and the screen it opens agree.
 */
export const MY_WORK_STATUSES = {
  /**
   * An order placed and not yet reviewed, or in review: the statuses the order screen opens on
   * (DEFAULT_ORDER_STATUS_FILTER, over every day), so the card's count is the screen's first count.
   */
  ordersToReview: DEFAULT_ORDER_STATUS_FILTER,
  /** An order whose items are all delivered or canceled waits in this status for 'Siparişi Tamamla'. */
  orderWaitingCompletion: 'IN_PROGRESS' satisfies OrderStatus,
  /** An item forwarded to the warehouse and not yet started... */
  itemWaitingWarehouse: 'WAITING_FOR_WAREHOUSE_OPERATION' satisfies OrderItemStatus,
  /** ...of an order the warehouse works on (the warehouse view's order status). */
  orderInWarehouse: 'IN_PROGRESS' satisfies OrderStatus,
  /**
   * An item that finished loading and waits for the shipping staff to accept its load, whatever the
   * status of the truck (they may accept while it is still loading); FINISH_LOAD_CHECK waits for it.
   */
  itemWaitingAcceptance: 'LOADED_TO_TRUCK_FROM_WAREHOUSE' satisfies OrderItemStatus,
  /** A shipment sent to the weighbridge and not yet weighed. */
  shipmentOnWeighbridge: 'LOAD_WEIGHT_CHECK' satisfies ShipmentStatus,
} as const;

/** The screen each card opens; the card is answered only to a user who may open it. */
export const MY_WORK_SCREENS = {
  ORDERS_WAITING_REVIEW: 'orders',
  ORDERS_WAITING_COMPLETION: 'orders',
  ITEMS_WAITING_WAREHOUSE: 'warehouse-orders',
  LOADS_WAITING_ACCEPTANCE: 'shipments',
  SHIPMENTS_ON_WEIGHBRIDGE: 'shipments',
  BUYERS_WAITING_APPROVAL: 'buyer-approval',
  ITEMS_WAITING_APPROVAL: 'product-approval',
  MILK_DELIVERIES_TODAY: 'milk-deliveries',
  ORDERS_OVERDUE_BALANCE: 'buyer-accounting',
  LOTS_EXPIRING: 'lots',
  LOTS_EXPIRED_ON_HAND: 'lots',
} as const satisfies Record<MyWorkKey, ScreenKey>;

/**
 * Cards answered to fewer users than open their screen: the expiry cards are the work of those who move
 * stock (goods-in/out, counts and disposal), not of the back office that reads the recall screen.
 */
export const MY_WORK_ACCESS: Partial<Record<MyWorkKey, readonly [Access, ...Access[]]>> = {
  LOTS_EXPIRING: ['STOCK_MANAGEMENT', 'GOODS_IN_OUT'],
  LOTS_EXPIRED_ON_HAND: ['STOCK_MANAGEMENT', 'GOODS_IN_OUT'],
};

/** The Turkish label of each card. */
export const MY_WORK_LABELS = {
  ORDERS_WAITING_REVIEW: 'İnceleme bekleyen ve incelemedeki siparişler',
  ORDERS_WAITING_COMPLETION: 'Teslim edilmiş, tamamlanmayı bekleyen siparişler',
  ITEMS_WAITING_WAREHOUSE: 'Depo operasyonu bekleyen kalemler',
  LOADS_WAITING_ACCEPTANCE: 'Kabul bekleyen yükler',
  SHIPMENTS_ON_WEIGHBRIDGE: 'Kantardaki sevkiyatlar',
  BUYERS_WAITING_APPROVAL: 'Onay bekleyen müşteriler',
  ITEMS_WAITING_APPROVAL: 'Onay bekleyen ürünler',
  MILK_DELIVERIES_TODAY: 'Bugünkü süt teslimatları',
  ORDERS_OVERDUE_BALANCE: 'Sevk tarihi geçmiş, ödemesi açık siparişler',
  LOTS_EXPIRING: 'Son kullanma tarihi yaklaşan partiler',
  LOTS_EXPIRED_ON_HAND: 'Süresi geçmiş stok',
} as const satisfies Record<MyWorkKey, string>;

/** The URL query an overdue card sets on the buyer accounting screen. */
export const OVERDUE_QUERY = 'overdue';
/** The URL query the completion card sets on the order screen: `?completion=waiting`. */
export const COMPLETION_QUERY = { completion: 'waiting' } as const;
/** The URL query the acceptance card sets on the shipment list: `?awaitingAcceptance=true`. */
export const ACCEPTANCE_QUERY = { awaitingAcceptance: 'true' } as const;
/** The URL query the expired-stock card sets on 'Parti Takibi': `?expired=true`. */
export const EXPIRED_LOTS_QUERY = { expired: 'true' } as const;
