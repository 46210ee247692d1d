import * as operations from '@mandira/contract/operations/vehicle-planning';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { ordersAfterAction } from '../orders/order-query.service.ts';
import { estimatePaletteCount, planItemVehicle, planOrderVehicle } from './vehicle-planning.service.ts';

export function vehiclePlanningRoutes({ db }: { db: Db }) {
  // Vehicle planning is a step of the order review; it answers like the other order actions.
  const changeThenList = (orderId: number, change: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await change(tx);
      return ok(await ordersAfterAction(tx, orderId));
    });

  return async (app: FastifyInstance) => {
    route(app, operations.planOrderVehicle, async (req) =>
      changeThenList(req.params.orderId, (tx) =>
        planOrderVehicle(tx, actorOf(req), { ...req.params, ...req.body }),
      ),
    );
    route(app, operations.planOrderItemVehicle, async (req) =>
      changeThenList(req.params.orderId, (tx) =>
        planItemVehicle(tx, actorOf(req), { ...req.params, ...req.body }),
      ),
    );
    route(app, operations.estimateOrderPaletteCount, async (req) =>
      changeThenList(req.params.orderId, (tx) =>
        estimatePaletteCount(tx, actorOf(req), { ...req.params, ...req.body }),
      ),
    );
  };
}
