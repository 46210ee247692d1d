import * as operations from '@mandira/contract/operations/loading';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { actOnItem } from '../orders/item-steps.ts';
import { ordersAfterAction, ordersAfterSteps } from '../orders/order-query.service.ts';
import { acceptLoad, rejectLoad } from './load-acceptance.service.ts';
import { finishLoading, itemWarehouseStocks, loadItem } from './load-item.service.ts';
import { lotPlanOf } from './load-lots.ts';
import { stepWarehouseItems } from './warehouse-steps.service.ts';

/**
 * The order-item warehouse calls (prepare, ready for loading, load, finish loading) and the load acceptance
 * of the shipping staff. Each answers, like every item call, `[the changed order]` (decisions 57 and 109).
 */
export function loadingRoutes({ db }: { db: Db }) {
  /** One transaction: the change, then `[the changed order]`. */
  const changeThenList = (change: (tx: Tx) => Promise<number>) =>
    db.transaction(async (tx) => {
      const orderId = await change(tx);
      return ok(await ordersAfterAction(tx, orderId));
    });

  return async (app: FastifyInstance) => {
    for (const [step, action] of [
      [operations.startOrderItemPreparation, 'PREPARING'],
      [operations.markOrderItemReadyForLoading, 'PREPARED_WAITING_FOR_LOADING'],
    ] as const) {
      route(app, step, async (req) =>
        changeThenList(async (tx) => {
          await actOnItem(tx, actorOf(req), { ...req.params, action });
          return req.params.orderId;
        }),
      );
    }
    route(app, operations.stepOrderItemsInWarehouse, async (req) =>
      db.transaction(async (tx) => {
        const orderIds = await stepWarehouseItems(tx, actorOf(req), req.body);
        return ok(await ordersAfterSteps(tx, orderIds));
      }),
    );
    route(app, operations.listOrderItemWarehouseStocks, async (req) =>
      ok(await itemWarehouseStocks(db, req.params)),
    );
    route(app, operations.planOrderItemLoadLots, async (req) =>
      ok(await lotPlanOf(db, { ...req.params, ...req.query })),
    );
    route(app, operations.loadOrderItemOntoShipment, async (req) =>
      changeThenList(async (tx) => {
        await loadItem(tx, actorOf(req), { ...req.params, ...req.body });
        return req.params.orderId;
      }),
    );
    for (const finish of [operations.finishOrderItemLoading, operations.finishOrderItemLoadingOnShipment]) {
      route(app, finish, async (req) =>
        changeThenList(async (tx) => {
          await finishLoading(tx, actorOf(req), req.params);
          return req.params.orderId;
        }),
      );
    }
    route(app, operations.acceptOrderItemLoad, async (req) =>
      changeThenList((tx) => acceptLoad(tx, actorOf(req), req.params)),
    );
    route(app, operations.rejectOrderItemLoad, async (req) =>
      changeThenList(async (tx) => {
        await rejectLoad(tx, actorOf(req), req.params);
        return req.params.orderId;
      }),
    );
    route(app, operations.acceptShipmentItemLoad, async (req) =>
      changeThenList((tx) =>
        acceptLoad(tx, actorOf(req), {
          itemId: req.body.orderItemId,
          shipmentId: req.body.orderShipmentId,
        }),
      ),
    );
  };
}
