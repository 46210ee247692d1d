import { z } from 'zod';
import { LotPlan, LotPlanQuery } from '../load-lots.ts';
import {
  LoadedToTruckParams,
  LoadItemBody,
  LoadItemQuery,
  ShipmentLoadBody,
  WarehouseStepsBody,
  WarehouseStockFigure,
} from '../loading.ts';
import { operation } from '../operation.ts';
import { ActionViewQuery, OrderItemParams, OrderList } from '../orders.ts';

// The order-item warehouse calls (prepare, ready for loading, load, finish loading) and the load
// acceptance of the shipping staff. Each answers, like every item call, `[the changed order]`
// (decisions 57 and 109): an array of one order.
const tags = ['Depo ve yükleme'];
const warehouse = 'WAREHOUSE_OPERATIONS';
const acceptance = 'SHIPMENT_LOAD_ACCEPTANCE';
const description = 'Answers `[the changed order]`, an array of one order, as every order-item call does.';

/** A step on one order item, answered with the changed order. */
const itemStep = {
  tags,
  description,
  method: 'PUT',
  params: OrderItemParams,
  query: ActionViewQuery,
  answer: OrderList,
  errors: [404, 409],
} as const;

export const startOrderItemPreparation = operation({
  ...itemStep,
  operationId: 'startOrderItemPreparation',
  path: '/orders/:orderId/order-item/:itemId/prepare',
  summary: 'Sipariş kalemini hazırlamaya başlar',
  access: warehouse,
});

export const markOrderItemReadyForLoading = operation({
  ...itemStep,
  operationId: 'markOrderItemReadyForLoading',
  path: '/orders/:orderId/order-item/:itemId/ready-for-loading',
  summary: 'Sipariş kalemini yüklemeye hazır olarak bildirir',
  access: warehouse,
});

export const stepOrderItemsInWarehouse = operation({
  operationId: 'stepOrderItemsInWarehouse',
  method: 'PUT',
  path: '/order-items/warehouse-steps',
  tags,
  summary: 'Seçilen sipariş kalemlerine aynı depo adımını topluca uygular',
  description:
    'All or nothing (decision 142): one item the item machine refuses refuses them all, naming it, and nothing is written. Answers the changed orders, newest first.',
  access: warehouse,
  query: ActionViewQuery,
  body: WarehouseStepsBody,
  answer: OrderList,
  errors: [404, 409],
});

export const listOrderItemWarehouseStocks = operation({
  operationId: 'listOrderItemWarehouseStocks',
  method: 'GET',
  path: '/orders/:orderId/order-item/:itemId/warehouse-stocks',
  tags,
  summary: 'Sipariş kaleminin her stok deposundan yüklenebilecek adedini listeler',
  access: warehouse,
  params: OrderItemParams,
  answer: z.array(WarehouseStockFigure),
  errors: [404],
});

export const planOrderItemLoadLots = operation({
  operationId: 'planOrderItemLoadLots',
  method: 'GET',
  path: '/orders/:orderId/order-item/:itemId/lot-plan',
  tags,
  summary:
    'Sipariş kalemi için bir depodan ilk son kullanma tarihi önce çıkar kuralıyla alınacak partileri gösterir',
  description:
    "The load form's plan (decision 152): per item of the bundle as ordered, every lot on the warehouse's shelf in FEFO order, whether the order may take it (expired, or too short for the buyer's minimum remaining shelf life on the planned day) and the pieces FEFO would take for `quantity` pieces of the product.",
  access: warehouse,
  params: OrderItemParams,
  query: LotPlanQuery,
  answer: LotPlan,
  errors: [404],
});

export const loadOrderItemOntoShipment = operation({
  ...itemStep,
  operationId: 'loadOrderItemOntoShipment',
  path: '/orders/:orderId/order-item/:itemId/load',
  summary: 'Sipariş kalemini stok depolarından sevkiyata yükler',
  access: warehouse,
  query: LoadItemQuery,
  body: LoadItemBody,
  errors: [404, 409, 422],
});

export const finishOrderItemLoading = operation({
  ...itemStep,
  operationId: 'finishOrderItemLoading',
  path: '/orders/:orderId/order-item/:itemId/loaded-to-truck',
  summary: 'Sipariş kaleminin yüklemesini bitirir',
  access: warehouse,
});

export const finishOrderItemLoadingOnShipment = operation({
  ...itemStep,
  operationId: 'finishOrderItemLoadingOnShipment',
  path: '/orders/:orderId/order-item/:itemId/loaded-to-truck/:shipmentId',
  summary: 'Sipariş kaleminin bir sevkiyattaki yüklemesini bitirir',
  access: warehouse,
  params: LoadedToTruckParams,
});

export const acceptOrderItemLoad = operation({
  ...itemStep,
  operationId: 'acceptOrderItemLoad',
  path: '/orders/:orderId/order-item/:itemId/accept-load-status',
  summary: 'Sipariş kaleminin yüklemesini kabul eder',
  access: acceptance,
});

export const rejectOrderItemLoad = operation({
  ...itemStep,
  operationId: 'rejectOrderItemLoad',
  path: '/orders/:orderId/order-item/:itemId/reject-load-status',
  summary: 'Sipariş kalemini yüklenmedi olarak bildirir',
  access: acceptance,
  // Its loads go back to the stock lines they came from, which may not take that many.
  errors: [404, 409, 422],
});

export const acceptShipmentItemLoad = operation({
  operationId: 'acceptShipmentItemLoad',
  method: 'PUT',
  path: '/shipments/load',
  tags,
  summary: 'Bir sevkiyattaki sipariş kaleminin yüklemesini kabul eder',
  description,
  access: acceptance,
  query: ActionViewQuery,
  body: ShipmentLoadBody,
  answer: OrderList,
  errors: [404, 409],
});
