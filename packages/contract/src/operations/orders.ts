import { Count } from '../access.ts';
import { operation } from '../operation.ts';
import { ChangedOrder } from '../order-answers.ts';
import {
  ORDER_VIEW_ACCESS,
  OrderListOrPage,
  OrderListQuery,
  OrderQuery,
  OrderViewQuery,
} from '../order-query.ts';
import {
  ActionViewQuery,
  OrderActionParams,
  OrderActionQuery,
  OrderItemActionQuery,
  OrderItemParams,
  UpdateOrderBody,
} from '../orders.ts';

// Order review: the lists of the screens that work on orders, the order's header and its steps.
const tags = ['Siparişler'];
const review = 'ORDER_REVIEW';

export const listOrders = operation({
  operationId: 'listOrders',
  method: 'GET',
  path: '/orders',
  tags,
  summary: 'Siparişleri en yeniden başlayarak listeler',
  access: review,
  query: OrderListQuery,
  answer: OrderListOrPage,
});

export const searchOrders = operation({
  operationId: 'searchOrders',
  method: 'POST',
  path: '/orders/filter-by-query',
  tags,
  summary: 'Siparişleri süzgeçlerle arar',
  access: review,
  body: OrderQuery,
  answer: OrderListOrPage,
});

/** The same search under the screens' older name, kept for its callers. */
export const searchOrdersByFilter = operation({
  operationId: 'searchOrdersByFilter',
  method: 'POST',
  path: '/orders/filter',
  tags,
  summary: 'Siparişleri süzgeçlerle arar (filter-by-query ile aynı)',
  access: review,
  body: OrderQuery,
  answer: OrderListOrPage,
});

export const listOrdersOfView = operation({
  operationId: 'listOrdersOfView',
  method: 'GET',
  path: '/orders/filter',
  tags,
  summary: 'Bir ekranın (inceleme, depo, sevkiyat) üzerinde çalıştığı siparişleri listeler',
  access: ORDER_VIEW_ACCESS,
  query: OrderViewQuery,
  answer: OrderListOrPage,
});

export const updateOrder = operation({
  operationId: 'updateOrder',
  method: 'PUT',
  path: '/orders',
  tags,
  summary: 'Siparişin başlık bilgilerini değiştirir ya da siparişi iptal eder',
  access: review,
  query: ActionViewQuery,
  body: UpdateOrderBody,
  answer: ChangedOrder,
  // 422: the branch is not one of the buyer's warehouses.
  errors: [404, 409, 422],
});

export const stepOrderItem = operation({
  operationId: 'stepOrderItem',
  method: 'PUT',
  path: '/orders/:orderId/order-item/:itemId',
  tags,
  summary: 'Sipariş kalemine bir adım uygular (onay, kısmi onay, depo adımları)',
  // Item steps are the review's and the warehouse's; the service checks which one the action needs.
  access: ['ORDER_REVIEW', 'WAREHOUSE_OPERATIONS'],
  params: OrderItemParams,
  query: OrderItemActionQuery,
  answer: ChangedOrder,
  // 422: a partial approval that is not whole boxes, or more pieces waiting than a product may hold.
  errors: [404, 409, 422],
});

// A step is refused when the order or item is missing (404) or the step is not allowed now (409).
export const cancelOrderItem = operation({
  operationId: 'cancelOrderItem',
  method: 'PUT',
  path: '/orders/:orderId/order-item/:itemId/cancel',
  tags,
  summary: 'Sipariş kalemini iptal eder',
  access: review,
  params: OrderItemParams,
  query: ActionViewQuery,
  answer: ChangedOrder,
  errors: [404, 409],
});

export const stepOrder = operation({
  operationId: 'stepOrder',
  method: 'PUT',
  path: '/order-action/:action',
  tags,
  summary: 'Siparişe bir adım uygular (incelemeye alma, depoya gönderme, tamamlama)',
  access: review,
  params: OrderActionParams,
  query: OrderActionQuery,
  answer: ChangedOrder,
  errors: [404, 409],
});

export const countOrders = operation({
  operationId: 'countOrders',
  method: 'GET',
  path: '/dashboard/order-count',
  tags,
  summary: 'Tüm siparişlerin sayısını verir',
  access: 'DASHBOARD',
  answer: Count.describe('Orders of every status, canceled ones included.'),
});
