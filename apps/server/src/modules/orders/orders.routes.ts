import * as operations from '@mandira/contract/operations/orders';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { boundedAnswer } from '../../http/unpaged-limit.ts';
import { actOnItem, actOnOrder } from './order-item-engine.ts';
import {
  assertMayView,
  countAllOrders,
  listOrders,
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

  return async (app: FastifyInstance) => {
    route(app, operations.listOrders, async (req, reply) =>
      answerOrders(reply, await listOrders(db, req.query)),
    );
    // Two paths for one search: the screens' older name is kept for its callers.
    for (const search of [operations.searchOrders, operations.searchOrdersByFilter]) {
      route(app, search, async (req, reply) => answerOrders(reply, await searchOrders(db, req.body)));
    }
    route(app, operations.listOrdersOfView, async (req, reply) => {
      assertMayView(actorOf(req), req.query.operationType);
      return answerOrders(reply, await ordersOfView(db, req.query.operationType, req.query));
    });
    route(app, operations.updateOrder, async (req) =>
      changeThenList(req.body.id, (tx) => updateOrder(tx, actorOf(req), req.body)),
    );
    route(app, operations.stepOrderItem, async (req) =>
      changeThenList(req.params.orderId, (tx) =>
        actOnItem(tx, actorOf(req), { ...req.params, ...req.query }),
      ),
    );
    route(app, operations.cancelOrderItem, async (req) =>
      changeThenList(req.params.orderId, (tx) =>
        actOnItem(tx, actorOf(req), { ...req.params, action: 'CANCEL' }),
      ),
    );
    route(app, operations.stepOrder, async (req) =>
      changeThenList(req.query.id, (tx) => actOnOrder(tx, actorOf(req), req.query.id, req.params.action)),
    );
    route(app, operations.countOrders, async () => ok(await countAllOrders(db)));
  };
}
