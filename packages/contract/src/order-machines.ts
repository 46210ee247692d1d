import { z } from 'zod';
import { defineMachine, type Guard } from './state-machine.ts';

// ---------- orders (docs/domain/orders.md) ----------

export const ORDER_STATUS_LABELS = {
  WAITING_FOR_REVIEW: 'İnceleme Bekliyor',
  IN_REVIEW: 'İncelemede',
  IN_PROGRESS: 'İşlemde',
  CANCELED_BY_SELLER: 'Satıcı Tarafından İptal Edildi',
  CANCELED_BY_BUYER: 'Alıcı Tarafından İptal Edildi',
  COMPLETED: 'Tamamlandı',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];
export const OrderStatus = z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]], {
  error: `Geçersiz sipariş durumu; beklenen: ${Object.keys(ORDER_STATUS_LABELS).join(', ')}`,
});

/** The order actions of `PUT /order-action/{action}`. */
export const ORDER_ACTION_LABELS = {
  FORWARD_TO_IN_REVIEW: 'İncelemeye Al',
  FORWARD_APPROVES_TO_WAREHOUSE_OPERATION: 'Onaylananları Depoya Gönder',
  FORWARD_TO_WAREHOUSE_OPERATION: 'Depo Operasyonuna Gönder',
  COMPLETE: 'Siparişi Tamamla',
} as const;
export type OrderAction = keyof typeof ORDER_ACTION_LABELS;
export const OrderAction = z.enum(Object.keys(ORDER_ACTION_LABELS) as [OrderAction, ...OrderAction[]], {
  error: `Geçersiz sipariş işlemi; beklenen: ${Object.keys(ORDER_ACTION_LABELS).join(', ')}`,
});

/** Ending an order by `PUT /orders` with one of the two canceled statuses. */
export const ORDER_CANCEL_ACTION_LABELS = {
  CANCEL_BY_SELLER: 'Satıcı Olarak İptal Et',
  CANCEL_BY_BUYER: 'Alıcı Adına İptal Et',
} as const;
export type OrderCancelAction = keyof typeof ORDER_CANCEL_ACTION_LABELS;
export const CANCEL_ACTION_OF_STATUS = {
  CANCELED_BY_SELLER: 'CANCEL_BY_SELLER',
  CANCELED_BY_BUYER: 'CANCEL_BY_BUYER',
} as const satisfies Partial<Record<OrderStatus, OrderCancelAction>>;
export type CanceledOrderStatus = keyof typeof CANCEL_ACTION_OF_STATUS;

// ---------- order items ----------

export const ORDER_ITEM_STATUS_LABELS = {
  WAITING_FOR_APPROVAL: 'Onay Bekliyor',
  APPROVED: 'Onaylandı',
  APPROVED_PARTIALLY: 'Kısmi Onaylandı',
  CANCELED: 'İptal Edildi',
  WAITING_FOR_WAREHOUSE_OPERATION: 'Depo Operasyonu Bekliyor',
  PREPARING: 'Hazırlanıyor',
  PREPARED_WAITING_FOR_LOADING: 'Hazırlandı, Yükleme Bekliyor',
  // Not 'Yükleniyor': on a screen that reads like the page's own loading indicator.
  LOADING: 'Araca Yükleniyor',
  LOADED_TO_TRUCK_FROM_WAREHOUSE: 'Araca Yüklendi',
  LOAD_STATUS_ACCEPTED: 'Yükleme Onaylandı',
  DELIVERED_TO_BUYER: 'Alıcıya Teslim Edildi',
} as const;
export type OrderItemStatus = keyof typeof ORDER_ITEM_STATUS_LABELS;
export const ORDER_ITEM_STATUSES = Object.keys(ORDER_ITEM_STATUS_LABELS) as OrderItemStatus[];
export const OrderItemStatus = z.enum(ORDER_ITEM_STATUSES as [OrderItemStatus, ...OrderItemStatus[]]);

export const ORDER_ITEM_ACTION_LABELS = {
  APPROVE: 'Onayla',
  APPROVE_PARTIALLY: 'Kısmi Onayla',
  CANCEL: 'İptal Et',
  TAKE_BACK_FROM_WAREHOUSE: 'Onay Bekleyene Geri Al',
  /** Run by the order actions that forward approved items to the warehouse. */
  FORWARD_TO_WAREHOUSE: 'Depoya Gönder',
  PREPARING: 'Hazırlamaya Başla',
  PREPARED_WAITING_FOR_LOADING: 'Hazırlandı, Yüklemeye Geç',
  LOADING: 'Yüklemeye Başla',
  LOAD_ITEM_TO_TRUCK: 'Araca Yükle',
  LOADED_TO_TRUCK_FROM_WAREHOUSE: 'Yüklemeyi Bitir',
  LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY: 'Kalanı İade Et ve Bitir',
  SEND_BACK_FROM_WAREHOUSE: 'Geri Gönder',
  ACCEPT_LOAD_STATUS: 'Yüklemeyi Kabul Et',
  REJECT_LOAD_STATUS: 'Yüklenmedi Olarak Bildir',
  /** Run by the shipment when it is delivered. */
  DELIVER: 'Teslim Edildi',
  /** Run on every open item when the whole order is canceled. */
  CANCEL_WITH_ORDER: 'Siparişle Birlikte İptal',
} as const;
export type OrderItemAction = keyof typeof ORDER_ITEM_ACTION_LABELS;
export const ORDER_ITEM_ACTIONS = Object.keys(ORDER_ITEM_ACTION_LABELS) as OrderItemAction[];

/** The actions `PUT /orders/{o}/order-item/{i}?action=` takes by name. */
export const ITEM_CALL_ACTIONS = [
  'APPROVE',
  'APPROVE_PARTIALLY',
  'PREPARING',
  'PREPARED_WAITING_FOR_LOADING',
  'LOADING',
  'LOADED_TO_TRUCK_FROM_WAREHOUSE',
  'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY',
  'SEND_BACK_FROM_WAREHOUSE',
  'TAKE_BACK_FROM_WAREHOUSE',
] as const satisfies readonly OrderItemAction[];
export type ItemCallAction = (typeof ITEM_CALL_ACTIONS)[number];
export const ItemCallAction = z.enum(ITEM_CALL_ACTIONS, {
  error: `Geçersiz kalem işlemi; beklenen: ${ITEM_CALL_ACTIONS.join(', ')}`,
});

/** The item review actions, served by the order review screen. */
export const ITEM_REVIEW_ACTIONS = [
  'APPROVE',
  'APPROVE_PARTIALLY',
  'CANCEL',
  'TAKE_BACK_FROM_WAREHOUSE',
] as const satisfies readonly OrderItemAction[];

// ---------- the facts guards look at ----------

/** What an order's guards look at; `orderContextOf` (orders.ts) builds it from an order. */
export type OrderContext = {
  itemStatuses: readonly OrderItemStatus[];
  /** Pieces loaded onto trucks over all items. */
  loadedQuantity: number;
};

/** What an item's guards look at; `itemContextOf` (orders.ts) builds it from an order and its item. */
export type OrderItemContext = {
  orderStatus: OrderStatus;
  /** Pieces ordered when the order was placed. */
  orderedQuantity: number;
  /** Pieces ordered now (the approved pieces after a partial approval). */
  quantity: number;
  quantityInBox: number;
  loadedQuantity: number;
  /** Whether a shipment carrying the item's loads is already on its way. */
  onDelivery?: boolean;
};

/** An item on a truck: loaded, accepted, delivered. */
export const LOADED_ITEM_STATUSES: readonly OrderItemStatus[] = [
  'LOADED_TO_TRUCK_FROM_WAREHOUSE',
  'LOAD_STATUS_ACCEPTED',
  'DELIVERED_TO_BUYER',
];
/** An item that needs nothing more: delivered or canceled (an order completes when all are). */
export const FINISHED_ITEM_STATUSES: readonly OrderItemStatus[] = ['CANCELED', 'DELIVERED_TO_BUYER'];
const isApproved = (status: OrderItemStatus) => APPROVED_ITEM_STATUSES.includes(status);

const someApproved: Guard<OrderContext> = ({ itemStatuses }) =>
  itemStatuses.some(isApproved) ? undefined : 'onaylanmış kalem yok';
const allReviewed: Guard<OrderContext> = (context) =>
  context.itemStatuses.includes('WAITING_FOR_APPROVAL')
    ? 'onay bekleyen kalemler var'
    : someApproved(context);
const allFinished: Guard<OrderContext> = ({ itemStatuses }) => {
  if (itemStatuses.length === 0) return 'siparişte kalem yok';
  return itemStatuses.every((status) => FINISHED_ITEM_STATUSES.includes(status))
    ? undefined
    : 'teslim edilmemiş veya iptal edilmemiş kalemler var';
};
const nothingLoaded: Guard<OrderContext> = ({ itemStatuses, loadedQuantity }) =>
  loadedQuantity > 0 || itemStatuses.some((status) => LOADED_ITEM_STATUSES.includes(status))
    ? 'araca yüklenmiş kalemler var'
    : undefined;

const cancelFromOpen = {
  CANCEL_BY_SELLER: { to: 'CANCELED_BY_SELLER', guard: nothingLoaded },
  CANCEL_BY_BUYER: { to: 'CANCELED_BY_BUYER', guard: nothingLoaded },
} as const;

export const orderMachine = defineMachine<OrderStatus, OrderAction | OrderCancelAction, OrderContext>({
  subject: 'Sipariş',
  statusLabels: ORDER_STATUS_LABELS,
  actionLabels: { ...ORDER_ACTION_LABELS, ...ORDER_CANCEL_ACTION_LABELS },
  table: {
    WAITING_FOR_REVIEW: {
      FORWARD_TO_IN_REVIEW: { to: 'IN_REVIEW' },
      ...cancelFromOpen,
    },
    IN_REVIEW: {
      FORWARD_APPROVES_TO_WAREHOUSE_OPERATION: { to: 'IN_PROGRESS', guard: someApproved },
      FORWARD_TO_WAREHOUSE_OPERATION: { to: 'IN_PROGRESS', guard: allReviewed },
      COMPLETE: { to: 'COMPLETED', guard: allFinished },
      ...cancelFromOpen,
    },
    IN_PROGRESS: {
      FORWARD_APPROVES_TO_WAREHOUSE_OPERATION: { to: 'IN_PROGRESS', guard: someApproved },
      COMPLETE: { to: 'COMPLETED', guard: allFinished },
      ...cancelFromOpen,
    },
    CANCELED_BY_SELLER: {},
    CANCELED_BY_BUYER: {},
    COMPLETED: {},
  },
});

/** An order no action leaves: completed or canceled. */
export const FINISHED_ORDER_STATUSES = orderMachine.finalStatuses;
/** The statuses the cancel actions lead to: a canceled order owes nothing (docs/domain/money.md). */
export const CANCELED_ORDER_STATUSES: readonly OrderStatus[] = orderMachine.reachedBy(
  Object.keys(ORDER_CANCEL_ACTION_LABELS) as OrderCancelAction[],
);
/** An order whose items the warehouse works on: where the forwards to the warehouse lead. */
export const WAREHOUSE_ORDER_STATUSES = orderMachine.reachedBy([
  'FORWARD_TO_WAREHOUSE_OPERATION',
  'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION',
]);
/** An order still worked on: the statuses before it is finished. */
export const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter(
  (status) => !FINISHED_ORDER_STATUSES.includes(status),
);

const inReview: Guard<OrderItemContext> = ({ orderStatus }) =>
  orderStatus === 'IN_REVIEW' || orderStatus === 'IN_PROGRESS'
    ? undefined
    : `sipariş '${ORDER_STATUS_LABELS[orderStatus]}' durumundayken kalem incelenemez`;
const inWarehouse: Guard<OrderItemContext> = ({ orderStatus }) =>
  WAREHOUSE_ORDER_STATUSES.includes(orderStatus)
    ? undefined
    : `sipariş '${ORDER_STATUS_LABELS[orderStatus]}' durumundayken depo işlemi yapılamaz`;
const both =
  (...guards: Guard<OrderItemContext>[]): Guard<OrderItemContext> =>
  (context) => {
    for (const guard of guards) {
      const reason = guard(context);
      if (reason) return reason;
    }
    return undefined;
  };

/** Whole boxes of the ordered pieces; a partial approval needs more than one. */
export function wholeBoxesOf(pieces: number, quantityInBox: number): number {
  return quantityInBox > 0 ? Math.floor(pieces / quantityInBox) : 0;
}
const severalBoxes: Guard<OrderItemContext> = ({ orderedQuantity, quantityInBox }) =>
  wholeBoxesOf(orderedQuantity, quantityInBox) > 1 ? undefined : 'kalemde birden fazla tam koli yok';
const fullyLoaded: Guard<OrderItemContext> = ({ loadedQuantity, quantity }) =>
  quantity > 0 && loadedQuantity === quantity ? undefined : 'kalemin tamamı yüklenmedi';
const partlyLoaded: Guard<OrderItemContext> = ({ loadedQuantity, quantity }) =>
  loadedQuantity > 0 && loadedQuantity < quantity ? undefined : 'kalemin bir kısmı yüklenmiş olmalıdır';
const noneLoaded: Guard<OrderItemContext> = ({ loadedQuantity }) =>
  loadedQuantity === 0 ? undefined : 'kalemden araca yüklenmiş ürün var';
const notOnDelivery: Guard<OrderItemContext> = ({ onDelivery }) =>
  onDelivery ? 'sevkiyat yola çıktı' : undefined;

const approve = { to: 'APPROVED', guard: inReview } as const;
const approvePartially = { to: 'APPROVED_PARTIALLY', guard: both(inReview, severalBoxes) } as const;
const cancel = { to: 'CANCELED', guard: inReview } as const;
const forward = { to: 'WAITING_FOR_WAREHOUSE_OPERATION', guard: inReview } as const;
const sendBack = { to: 'WAITING_FOR_APPROVAL', guard: both(inWarehouse, noneLoaded) } as const;
const cancelWithOrder = { to: 'CANCELED', guard: noneLoaded } as const;

/** An approved item: what the approvals lead to. */
export const APPROVED_ITEM_STATUSES: readonly OrderItemStatus[] = [approve.to, approvePartially.to];

/** The order item table (docs/domain/orders.md), warehouse and shipping steps included. */
export const orderItemMachine = defineMachine<OrderItemStatus, OrderItemAction, OrderItemContext>({
  subject: 'Sipariş kalemi',
  statusLabels: ORDER_ITEM_STATUS_LABELS,
  actionLabels: ORDER_ITEM_ACTION_LABELS,
  table: {
    WAITING_FOR_APPROVAL: {
      APPROVE: approve,
      APPROVE_PARTIALLY: approvePartially,
      CANCEL: cancel,
      CANCEL_WITH_ORDER: cancelWithOrder,
    },
    APPROVED: { CANCEL: cancel, FORWARD_TO_WAREHOUSE: forward, CANCEL_WITH_ORDER: cancelWithOrder },
    APPROVED_PARTIALLY: {
      CANCEL: cancel,
      FORWARD_TO_WAREHOUSE: forward,
      CANCEL_WITH_ORDER: cancelWithOrder,
    },
    CANCELED: { APPROVE: approve, APPROVE_PARTIALLY: approvePartially },
    WAITING_FOR_WAREHOUSE_OPERATION: {
      TAKE_BACK_FROM_WAREHOUSE: { to: 'WAITING_FOR_APPROVAL', guard: inReview },
      PREPARING: { to: 'PREPARING', guard: inWarehouse },
      SEND_BACK_FROM_WAREHOUSE: sendBack,
      CANCEL_WITH_ORDER: cancelWithOrder,
    },
    PREPARING: {
      PREPARED_WAITING_FOR_LOADING: { to: 'PREPARED_WAITING_FOR_LOADING', guard: inWarehouse },
      SEND_BACK_FROM_WAREHOUSE: sendBack,
      CANCEL_WITH_ORDER: cancelWithOrder,
    },
    PREPARED_WAITING_FOR_LOADING: {
      LOADING: { to: 'LOADING', guard: inWarehouse },
      SEND_BACK_FROM_WAREHOUSE: sendBack,
      CANCEL_WITH_ORDER: cancelWithOrder,
    },
    LOADING: {
      LOAD_ITEM_TO_TRUCK: { to: 'LOADING', guard: inWarehouse },
      LOADED_TO_TRUCK_FROM_WAREHOUSE: {
        to: 'LOADED_TO_TRUCK_FROM_WAREHOUSE',
        guard: both(inWarehouse, fullyLoaded),
      },
      LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY: {
        to: 'LOADED_TO_TRUCK_FROM_WAREHOUSE',
        guard: both(inWarehouse, partlyLoaded),
      },
      SEND_BACK_FROM_WAREHOUSE: sendBack,
      CANCEL_WITH_ORDER: cancelWithOrder,
    },
    LOADED_TO_TRUCK_FROM_WAREHOUSE: {
      ACCEPT_LOAD_STATUS: { to: 'LOAD_STATUS_ACCEPTED', guard: inWarehouse },
      REJECT_LOAD_STATUS: { to: 'LOADING', guard: both(inWarehouse, notOnDelivery) },
    },
    LOAD_STATUS_ACCEPTED: {
      REJECT_LOAD_STATUS: { to: 'LOADING', guard: both(inWarehouse, notOnDelivery) },
      DELIVER: { to: 'DELIVERED_TO_BUYER', guard: inWarehouse },
    },
    DELIVERED_TO_BUYER: {},
  },
});

/** A canceled item: where the cancel actions lead; it counts in no total (docs/domain/money.md). */
export const CANCELED_ITEM_STATUSES = orderItemMachine.reachedBy(['CANCEL', 'CANCEL_WITH_ORDER']);

/** An item whose load the shipping staff accepted: FINISH_LOAD_CHECK waits for every loaded item to be so. */
export const ACCEPTED_ITEM_STATUSES = orderItemMachine.reachedBy(['ACCEPT_LOAD_STATUS']);

/** The item statuses in the warehouse's own flow: those it may still send back from. */
export const WAREHOUSE_ITEM_STATUSES = orderItemMachine.statuses.filter(
  (status) => orderItemMachine.table[status].SEND_BACK_FROM_WAREHOUSE !== undefined,
);

/** An item on a truck that is not delivered yet: the shipping screen accepts or rejects its load. */
export const SHIPPING_ITEM_STATUSES = LOADED_ITEM_STATUSES.filter(
  (status) => !orderItemMachine.finalStatuses.includes(status),
);

/**
 * An item holds a reservation while it is not canceled and has not finished loading
 * (docs/domain/products-and-reservations.md, "Reservations").
 */
export const RESERVING_ITEM_STATUSES: readonly OrderItemStatus[] = ORDER_ITEM_STATUSES.filter(
  (status) => !CANCELED_ITEM_STATUSES.includes(status) && !LOADED_ITEM_STATUSES.includes(status),
);
