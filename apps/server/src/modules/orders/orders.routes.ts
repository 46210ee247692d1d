import { OrderListQuery, OrderQuery } from '@mandira/contract/order-query';
import {
  ActionViewQuery,
  OperationTypeQuery,
  OrderActionParams,
  OrderActionQuery,
  OrderItemActionQuery,
  OrderItemParams,
  UpdateOrderBody,
} from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import {
  assertMayView,
  countAllOrders,
  listOrders,
  ORDER_VIEW_ACCESS,
  ordersAfterAction,
  ordersOfView,
  searchOrders,
} from './order-query.service.ts';
import { actOnItem, actOnOrder, updateOrder } from './order-review.service.ts';

export function orderRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Siparişler'];
    const review = { access: 'ORDER_REVIEW' } as const;
    // Item steps are the review's and the warehouse's; the service checks which one the action needs.
    const itemSteps = { access: ['ORDER_REVIEW', 'WAREHOUSE_OPERATIONS'] } as const;

    app.get('/orders', { schema: { tags, querystring: OrderListQuery }, config: review }, async (req) =>
      ok(await listOrders(db, req.query)),
    );
    app.post('/orders/filter', { schema: { tags, body: OrderQuery }, config: review }, async (req) =>
      ok(await searchOrders(db, req.body)),
    );
    app.post('/orders/filter-by-query', { schema: { tags, body: OrderQuery }, config: review }, async (req) =>
      ok(await searchOrders(db, req.body)),
    );
    app.get(
      '/orders/filter',
      { schema: { tags, querystring: OperationTypeQuery }, config: { access: ORDER_VIEW_ACCESS } },
      async (req) => {
        assertMayView(actorOf(req), req.query.operationType);
        return ok(await ordersOfView(db, req.query.operationType));
      },
    );
    app.put(
      '/orders',
      { schema: { tags, body: UpdateOrderBody, querystring: ActionViewQuery }, config: review },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await updateOrder(tx, actorOf(req), req.body);
            return ordersAfterAction(tx, req.body.id, req.query.operationType);
          }),
        ),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId',
      { schema: { tags, params: OrderItemParams, querystring: OrderItemActionQuery }, config: itemSteps },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await actOnItem(tx, actorOf(req), { ...req.params, ...req.query });
            return ordersAfterAction(tx, req.params.orderId, req.query.operationType);
          }),
        ),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId/cancel',
      { schema: { tags, params: OrderItemParams, querystring: ActionViewQuery }, config: review },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await actOnItem(tx, actorOf(req), { ...req.params, action: 'CANCEL' });
            return ordersAfterAction(tx, req.params.orderId, req.query.operationType);
          }),
        ),
    );
    app.put(
      '/order-action/:action',
      { schema: { tags, params: OrderActionParams, querystring: OrderActionQuery }, config: review },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await actOnOrder(tx, actorOf(req), req.query.id, req.params.action);
            return ordersAfterAction(tx, req.query.id, req.query.operationType);
          }),
        ),
    );
    app.get('/dashboard/order-count', { schema: { tags }, config: { access: 'DASHBOARD' } }, async () =>
      ok(await countAllOrders(db)),
    );
  };
}
