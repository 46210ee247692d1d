import { LotPlan, LotPlanQuery } from '@mandira/contract/load-lots';
import {
  LoadedToTruckParams,
  LoadItemBody,
  LoadItemQuery,
  ShipmentLoadBody,
  WarehouseStepsBody,
  WarehouseStockFigure,
} from '@mandira/contract/loading';
import { ActionViewQuery, OrderItemParams, OrderList } from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { answers, type ErrorStatus } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
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

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Depo ve yükleme'];
    const warehouse = { access: 'WAREHOUSE_OPERATIONS' } as const;
    const acceptance = { access: 'SHIPMENT_LOAD_ACCEPTANCE' } as const;
    const item = '/orders/:orderId/order-item/:itemId';
    /** Every call here answers `[the changed order]`: an array of one order, as every item call does. */
    const changedOrder = (...errors: ErrorStatus[]) => answers(OrderList, ...errors);
    const description =
      'Answers `[the changed order]`, an array of one order, as every order-item call does.';
    const itemSchema = (summary: string, operationId: string) => ({
      tags,
      summary,
      operationId,
      description,
      params: OrderItemParams,
      querystring: ActionViewQuery,
      response: changedOrder(404, 409),
    });

    for (const [path, action, summary, operationId] of [
      ['prepare', 'PREPARING', 'Sipariş kalemini hazırlamaya başlar', 'startOrderItemPreparation'],
      [
        'ready-for-loading',
        'PREPARED_WAITING_FOR_LOADING',
        'Sipariş kalemini yüklemeye hazır olarak bildirir',
        'markOrderItemReadyForLoading',
      ],
    ] as const) {
      app.put(
        `${item}/${path}`,
        { schema: itemSchema(summary, operationId), config: warehouse },
        async (req) =>
          changeThenList(async (tx) => {
            await actOnItem(tx, actorOf(req), { ...req.params, action });
            return req.params.orderId;
          }),
      );
    }
    app.put(
      '/order-items/warehouse-steps',
      {
        schema: {
          tags,
          summary: 'Seçilen sipariş kalemlerine aynı depo adımını topluca uygular',
          operationId: 'stepOrderItemsInWarehouse',
          description:
            'All or nothing (decision 142): one item the item machine refuses refuses them all, naming it, and nothing is written. Answers the changed orders, newest first.',
          body: WarehouseStepsBody,
          querystring: ActionViewQuery,
          response: changedOrder(404, 409),
        },
        config: warehouse,
      },
      async (req) =>
        db.transaction(async (tx) => {
          const orderIds = await stepWarehouseItems(tx, actorOf(req), req.body);
          return ok(await ordersAfterSteps(tx, orderIds));
        }),
    );
    app.get(
      `${item}/warehouse-stocks`,
      {
        schema: {
          tags,
          summary: 'Sipariş kaleminin her stok deposundan yüklenebilecek adedini listeler',
          operationId: 'listOrderItemWarehouseStocks',
          params: OrderItemParams,
          response: answers(z.array(WarehouseStockFigure), 404),
        },
        config: warehouse,
      },
      async (req) => ok(await itemWarehouseStocks(db, req.params)),
    );
    app.get(
      `${item}/lot-plan`,
      {
        schema: {
          tags,
          summary:
            'Sipariş kalemi için bir depodan ilk son kullanma tarihi önce çıkar kuralıyla alınacak partileri gösterir',
          operationId: 'planOrderItemLoadLots',
          description:
            "The load form's plan (decision 152): per item of the bundle as ordered, every lot on the warehouse's shelf in FEFO order, whether the order may take it (expired, or too short for the buyer's minimum remaining shelf life on the planned day) and the pieces FEFO would take for `quantity` pieces of the product.",
          params: OrderItemParams,
          querystring: LotPlanQuery,
          response: answers(LotPlan, 404),
        },
        config: warehouse,
      },
      async (req) => ok(await lotPlanOf(db, { ...req.params, ...req.query })),
    );
    app.put(
      `${item}/load`,
      {
        schema: {
          tags,
          summary: 'Sipariş kalemini stok depolarından sevkiyata yükler',
          operationId: 'loadOrderItemOntoShipment',
          description,
          params: OrderItemParams,
          querystring: LoadItemQuery,
          body: LoadItemBody,
          response: changedOrder(404, 409, 422),
        },
        config: warehouse,
      },
      async (req) =>
        changeThenList(async (tx) => {
          await loadItem(tx, actorOf(req), { ...req.params, ...req.body });
          return req.params.orderId;
        }),
    );
    app.put(
      `${item}/loaded-to-truck`,
      {
        schema: itemSchema('Sipariş kaleminin yüklemesini bitirir', 'finishOrderItemLoading'),
        config: warehouse,
      },
      async (req) =>
        changeThenList(async (tx) => {
          await finishLoading(tx, actorOf(req), req.params);
          return req.params.orderId;
        }),
    );
    app.put(
      `${item}/loaded-to-truck/:shipmentId`,
      {
        schema: {
          ...itemSchema(
            'Sipariş kaleminin bir sevkiyattaki yüklemesini bitirir',
            'finishOrderItemLoadingOnShipment',
          ),
          params: LoadedToTruckParams,
        },
        config: warehouse,
      },
      async (req) =>
        changeThenList(async (tx) => {
          await finishLoading(tx, actorOf(req), req.params);
          return req.params.orderId;
        }),
    );
    app.put(
      `${item}/accept-load-status`,
      {
        schema: itemSchema('Sipariş kaleminin yüklemesini kabul eder', 'acceptOrderItemLoad'),
        config: acceptance,
      },
      async (req) => changeThenList((tx) => acceptLoad(tx, actorOf(req), req.params)),
    );
    app.put(
      `${item}/reject-load-status`,
      {
        schema: {
          ...itemSchema('Sipariş kalemini yüklenmedi olarak bildirir', 'rejectOrderItemLoad'),
          // Its loads go back to the stock lines they came from, which may not take that many.
          response: changedOrder(404, 409, 422),
        },
        config: acceptance,
      },
      async (req) =>
        changeThenList(async (tx) => {
          await rejectLoad(tx, actorOf(req), req.params);
          return req.params.orderId;
        }),
    );
    app.put(
      '/shipments/load',
      {
        schema: {
          tags,
          summary: 'Bir sevkiyattaki sipariş kaleminin yüklemesini kabul eder',
          operationId: 'acceptShipmentItemLoad',
          description,
          body: ShipmentLoadBody,
          querystring: ActionViewQuery,
          response: changedOrder(404, 409),
        },
        config: acceptance,
      },
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
