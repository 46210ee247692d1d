import { PaletteCountBody, PlanVehicleBody } from '@mandira/contract/fleet';
import { ChangedOrder } from '@mandira/contract/order-answers';
import { ActionViewQuery, OrderIdParams, OrderItemParams } from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { ordersAfterAction } from '../orders/order-query.service.ts';
import { estimatePaletteCount, planItemVehicle, planOrderVehicle } from './vehicle-planning.service.ts';

export function vehiclePlanningRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    // Vehicle planning is a step of the order review; it answers like the other order actions.
    // 404: the order, the item or the vehicle does not exist; 409: the order or item is finished, or the
    // vehicle is out of service.
    // A fresh answers object each: the shared statuses are added to it when the route registers.
    const planning = () => ({
      tags: ['Siparişler'],
      querystring: ActionViewQuery,
      response: answers(ChangedOrder, 404, 409),
    });
    const review = { access: 'ORDER_REVIEW' } as const;
    app.put(
      '/orders/:orderId/plan-shipment-vehicle',
      {
        schema: {
          ...planning(),
          summary: 'Siparişe ve açık kalemlerine araç planlar',
          operationId: 'planOrderVehicle',
          params: OrderIdParams,
          body: PlanVehicleBody,
        },
        config: review,
      },
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
      {
        schema: {
          ...planning(),
          summary: 'Sipariş kalemine araç planlar',
          operationId: 'planOrderItemVehicle',
          params: OrderItemParams,
          body: PlanVehicleBody,
        },
        config: review,
      },
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
      {
        schema: {
          ...planning(),
          summary: 'Siparişin tahmini palet sayısını kaydeder',
          operationId: 'estimateOrderPaletteCount',
          params: OrderIdParams,
          body: PaletteCountBody,
        },
        config: review,
      },
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
