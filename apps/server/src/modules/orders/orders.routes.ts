import { OrderListQuery, OrderQuery, OrderViewQuery } from '@mandira/contract/order-query';
import {
  ActionViewQuery,
  OrderActionParams,
  OrderActionQuery,
  OrderItemActionQuery,
  OrderItemParams,
  UpdateOrderBody,
} from '@mandira/contract/orders';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { boundedAnswer } from '../../http/unpaged-limit.ts';
import { actOnItem, actOnOrder } from './order-item-engine.ts';
import {
  assertMayView,
  countAllOrders,
  listOrders,
  ORDER_VIEW_ACCESS,
  type OrderAnswer,
  ordersAfterAction,
  ordersOfView,
  searchOrders,
} from './order-query.service.ts';
import { updateOrder } from './order-update.service.ts';

/** A page as it is; an unpaged list as a plain array, its extent in the headers (decision 113). */
const answerOrders = (reply: FastifyReply, answer: OrderAnswer) =>
  ok('page' in answer ? answer : boundedAnswer(reply, answer));

export function orderRoutes({ db }: { db: Db }) {
  /** One transaction: the change, then `[the changed order]` (decisions 57 and 109). */
  const changeThenList = (orderId: number, change: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await change(tx);
      return ok(await ordersAfterAction(tx, orderId));
    });

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Siparişler'];
    const review = { access: 'ORDER_REVIEW' } as const;
    // Item steps are the review's and the warehouse's; the service checks which one the action needs.
    const itemSteps = { access: ['ORDER_REVIEW', 'WAREHOUSE_OPERATIONS'] } as const;

    app.get(
      '/orders',
      { schema: { tags, querystring: OrderListQuery }, config: review },
      async (req, reply) => answerOrders(reply, await listOrders(db, req.query)),
    );
    for (const path of ['/orders/filter', '/orders/filter-by-query']) {
      app.post(path, { schema: { tags, body: OrderQuery }, config: review }, async (req, reply) =>
        answerOrders(reply, await searchOrders(db, req.body)),
      );
    }
    app.get(
      '/orders/filter',
      { schema: { tags, querystring: OrderViewQuery }, config: { access: ORDER_VIEW_ACCESS } },
      async (req, reply) => {
        assertMayView(actorOf(req), req.query.operationType);
        return answerOrders(reply, await ordersOfView(db, req.query.operationType, req.query));
      },
    );
    app.put(
      '/orders',
      { schema: { tags, body: UpdateOrderBody, querystring: ActionViewQuery }, config: review },
      async (req) => changeThenList(req.body.id, (tx) => updateOrder(tx, actorOf(req), req.body)),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId',
      { schema: { tags, params: OrderItemParams, querystring: OrderItemActionQuery }, config: itemSteps },
      async (req) =>
        changeThenList(req.params.orderId, (tx) =>
          actOnItem(tx, actorOf(req), { ...req.params, ...req.query }),
        ),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId/cancel',
      { schema: { tags, params: OrderItemParams, querystring: ActionViewQuery }, config: review },
      async (req) =>
        changeThenList(req.params.orderId, (tx) =>
          actOnItem(tx, actorOf(req), { ...req.params, action: 'CANCEL' }),
        ),
    );
    app.put(
      '/order-action/:action',
      { schema: { tags, params: OrderActionParams, querystring: OrderActionQuery }, config: review },
      async (req) =>
        changeThenList(req.query.id, (tx) => actOnOrder(tx, actorOf(req), req.query.id, req.params.action)),
    );
    app.get('/dashboard/order-count', { schema: { tags }, config: { access: 'DASHBOARD' } }, async () =>
      ok(await countAllOrders(db)),
    );
  };
}
