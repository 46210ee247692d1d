import {
  LoadedToTruckParams,
  LoadItemBody,
  LoadItemQuery,
  ShipmentLoadBody,
} from '@mandira/contract/loading';
import { ActionViewQuery, OrderItemParams } from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { actOnItem } from '../orders/order-item-engine.ts';
import { ordersAfterAction } from '../orders/order-query.service.ts';
import { acceptLoad, rejectLoad } from './load-acceptance.service.ts';
import { finishLoading, itemWarehouseStocks, loadItem } from './load-item.service.ts';

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

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Depo ve yükleme'];
    const warehouse = { access: 'WAREHOUSE_OPERATIONS' } as const;
    const acceptance = { access: 'SHIPMENT_LOAD_ACCEPTANCE' } as const;
    const item = '/orders/:orderId/order-item/:itemId';
    const itemSchema = { tags, params: OrderItemParams, querystring: ActionViewQuery };

    for (const [path, action] of [
      ['prepare', 'PREPARING'],
      ['ready-for-loading', 'PREPARED_WAITING_FOR_LOADING'],
    ] as const) {
      app.put(`${item}/${path}`, { schema: itemSchema, config: warehouse }, async (req) =>
        changeThenList(async (tx) => {
          await actOnItem(tx, actorOf(req), { ...req.params, action });
          return req.params.orderId;
        }),
      );
    }
    app.get(
      `${item}/warehouse-stocks`,
      { schema: { tags, params: OrderItemParams }, config: warehouse },
      async (req) => ok(await itemWarehouseStocks(db, req.params)),
    );
    app.put(
      `${item}/load`,
      {
        schema: { tags, params: OrderItemParams, querystring: LoadItemQuery, body: LoadItemBody },
        config: warehouse,
      },
      async (req) =>
        changeThenList(async (tx) => {
          await loadItem(tx, actorOf(req), { ...req.params, ...req.body });
          return req.params.orderId;
        }),
    );
    app.put(`${item}/loaded-to-truck`, { schema: itemSchema, config: warehouse }, async (req) =>
      changeThenList(async (tx) => {
        await finishLoading(tx, actorOf(req), req.params);
        return req.params.orderId;
      }),
    );
    app.put(
      `${item}/loaded-to-truck/:shipmentId`,
      { schema: { tags, params: LoadedToTruckParams, querystring: ActionViewQuery }, config: warehouse },
      async (req) =>
        changeThenList(async (tx) => {
          await finishLoading(tx, actorOf(req), req.params);
          return req.params.orderId;
        }),
    );
    app.put(`${item}/accept-load-status`, { schema: itemSchema, config: acceptance }, async (req) =>
      changeThenList((tx) => acceptLoad(tx, actorOf(req), req.params)),
    );
    app.put(`${item}/reject-load-status`, { schema: itemSchema, config: acceptance }, async (req) =>
      changeThenList(async (tx) => {
        await rejectLoad(tx, actorOf(req), req.params);
        return req.params.orderId;
      }),
    );
    app.put(
      '/shipments/load',
      { schema: { tags, body: ShipmentLoadBody, querystring: ActionViewQuery }, config: acceptance },
      async (req) =>
        changeThenList((tx) =>
          acceptLoad(tx, actorOf(req), {
            itemId: req.body.orderItemId,
            shipmentId: req.body.orderShipmentId,
          }),
        ),
    );
  };
}
