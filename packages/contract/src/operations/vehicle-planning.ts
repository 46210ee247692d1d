import { PaletteCountBody, PlanVehicleBody } from '../fleet.ts';
import { operation } from '../operation.ts';
import { ChangedOrder } from '../order-answers.ts';
import { ActionViewQuery, OrderIdParams, OrderItemParams } from '../orders.ts';

// Vehicle planning is a step of the order review; it answers like the other order actions.
// 404: the order, the item or the vehicle does not exist; 409: the order or item is finished, or the
// vehicle is out of service.
const planning = {
  tags: ['Siparişler'],
  access: 'ORDER_REVIEW',
  query: ActionViewQuery,
  answer: ChangedOrder,
  errors: [404, 409],
} as const;

export const planOrderVehicle = operation({
  ...planning,
  operationId: 'planOrderVehicle',
  method: 'PUT',
  path: '/orders/:orderId/plan-shipment-vehicle',
  summary: 'Siparişe ve açık kalemlerine araç planlar',
  params: OrderIdParams,
  body: PlanVehicleBody,
});

export const planOrderItemVehicle = operation({
  ...planning,
  operationId: 'planOrderItemVehicle',
  method: 'PUT',
  path: '/orders/:orderId/order-item/:itemId/plan-shipment-vehicle',
  summary: 'Sipariş kalemine araç planlar',
  params: OrderItemParams,
  body: PlanVehicleBody,
});

export const estimateOrderPaletteCount = operation({
  ...planning,
  operationId: 'estimateOrderPaletteCount',
  method: 'PUT',
  path: '/orders/:orderId/estimate-palette-count',
  summary: 'Siparişin tahmini palet sayısını kaydeder',
  params: OrderIdParams,
  body: PaletteCountBody,
});
