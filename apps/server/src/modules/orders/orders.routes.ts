import { Count } from '@mandira/contract/access';
import { ChangedOrder } from '@mandira/contract/order-answers';
import { OrderListOrPage, OrderListQuery, OrderQuery, OrderViewQuery } from '@mandira/contract/order-query';
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
import { answers } from '../../http/answers.ts';
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

    const list = () => answers(OrderListOrPage);
    // A fresh answers object per route: the shared statuses are added to it when the route registers.
    // A step is refused when the order or item is missing (404) or the step is not allowed now (409).
    const step = () => answers(ChangedOrder, 404, 409);

    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Siparişleri en yeniden başlayarak listeler',
          operationId: 'listOrders',
          querystring: OrderListQuery,
          response: list(),
        },
        config: review,
      },
      async (req, reply) => answerOrders(reply, await listOrders(db, req.query)),
    );
    // Two paths for one search: the screens' older name is kept for its callers.
    const searches = [
      {
        path: '/orders/filter-by-query',
        operationId: 'searchOrders',
        summary: 'Siparişleri süzgeçlerle arar',
      },
      {
        path: '/orders/filter',
        operationId: 'searchOrdersByFilter',
        summary: 'Siparişleri süzgeçlerle arar (filter-by-query ile aynı)',
      },
    ];
    for (const { path, operationId, summary } of searches) {
      app.post(
        path,
        { schema: { tags, summary, operationId, body: OrderQuery, response: list() }, config: review },
        async (req, reply) => answerOrders(reply, await searchOrders(db, req.body)),
      );
    }
    app.get(
      '/orders/filter',
      {
        schema: {
          tags,
          summary: 'Bir ekranın (inceleme, depo, sevkiyat) üzerinde çalıştığı siparişleri listeler',
          operationId: 'listOrdersOfView',
          querystring: OrderViewQuery,
          response: list(),
        },
        config: { access: ORDER_VIEW_ACCESS },
      },
      async (req, reply) => {
        assertMayView(actorOf(req), req.query.operationType);
        return answerOrders(reply, await ordersOfView(db, req.query.operationType, req.query));
      },
    );
    app.put(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Siparişin başlık bilgilerini değiştirir ya da siparişi iptal eder',
          operationId: 'updateOrder',
          body: UpdateOrderBody,
          querystring: ActionViewQuery,
          // 422: the branch is not one of the buyer's warehouses.
          response: answers(ChangedOrder, 404, 409, 422),
        },
        config: review,
      },
      async (req) => changeThenList(req.body.id, (tx) => updateOrder(tx, actorOf(req), req.body)),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId',
      {
        schema: {
          tags,
          summary: 'Sipariş kalemine bir adım uygular (onay, kısmi onay, depo adımları)',
          operationId: 'stepOrderItem',
          params: OrderItemParams,
          querystring: OrderItemActionQuery,
          // 422: a partial approval that is not whole boxes, or more pieces waiting than a product may hold.
          response: answers(ChangedOrder, 404, 409, 422),
        },
        config: itemSteps,
      },
      async (req) =>
        changeThenList(req.params.orderId, (tx) =>
          actOnItem(tx, actorOf(req), { ...req.params, ...req.query }),
        ),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId/cancel',
      {
        schema: {
          tags,
          summary: 'Sipariş kalemini iptal eder',
          operationId: 'cancelOrderItem',
          params: OrderItemParams,
          querystring: ActionViewQuery,
          response: step(),
        },
        config: review,
      },
      async (req) =>
        changeThenList(req.params.orderId, (tx) =>
          actOnItem(tx, actorOf(req), { ...req.params, action: 'CANCEL' }),
        ),
    );
    app.put(
      '/order-action/:action',
      {
        schema: {
          tags,
          summary: 'Siparişe bir adım uygular (incelemeye alma, depoya gönderme, tamamlama)',
          operationId: 'stepOrder',
          params: OrderActionParams,
          querystring: OrderActionQuery,
          response: step(),
        },
        config: review,
      },
      async (req) =>
        changeThenList(req.query.id, (tx) => actOnOrder(tx, actorOf(req), req.query.id, req.params.action)),
    );
    app.get(
      '/dashboard/order-count',
      {
        schema: {
          tags,
          summary: 'Tüm siparişlerin sayısını verir',
          operationId: 'countOrders',
          response: answers(Count.describe('Orders of every status, canceled ones included.')),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countAllOrders(db)),
    );
  };
}
