import { PaletteCountBody, PlanVehicleBody } from '@mandira/contract/fleet';
import { ActionViewQuery, OrderIdParams, OrderItemParams } from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { ordersAfterAction } from '../orders/order-query.service.ts';
import { estimatePaletteCount, planItemVehicle, planOrderVehicle } from './vehicle-planning.service.ts';

export function vehiclePlanningRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    // Vehicle planning is a step of the order review; it answers like the other order actions.
    const planning = { tags: ['Siparişler'], querystring: ActionViewQuery };
    const review = { access: 'ORDER_REVIEW' } as const;
    app.put(
      '/orders/:orderId/plan-shipment-vehicle',
      { schema: { ...planning, params: OrderIdParams, body: PlanVehicleBody }, config: review },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await planOrderVehicle(tx, actorOf(req), { ...req.params, ...req.body });
            return ordersAfterAction(tx, req.params.orderId);
          }),
        ),
    );
    app.put(
      '/orders/:orderId/order-item/:itemId/plan-shipment-vehicle',
      { schema: { ...planning, params: OrderItemParams, body: PlanVehicleBody }, config: review },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await planItemVehicle(tx, actorOf(req), { ...req.params, ...req.body });
            return ordersAfterAction(tx, req.params.orderId);
          }),
        ),
    );
    app.put(
      '/orders/:orderId/estimate-palette-count',
      { schema: { ...planning, params: OrderIdParams, body: PaletteCountBody }, config: review },
      async (req) =>
        ok(
          await db.transaction(async (tx) => {
            await estimatePaletteCount(tx, actorOf(req), { ...req.params, ...req.body });
            return ordersAfterAction(tx, req.params.orderId);
          }),
        ),
    );
  };
}
