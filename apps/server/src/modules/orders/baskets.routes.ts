import {
  AddToBasketBody,
  BasketLineParams,
  BasketListQuery,
  BuyerOfBasketBody,
  SetBasketLineBody,
} from '@mandira/contract/baskets';
import { ApplyToOrderBody } from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import {
  addToBasket,
  cancelBasket,
  countBaskets,
  deleteBasketLine,
  listBaskets,
  setBasketLine,
} from './basket.service.ts';
import { applyBasketToOrder } from './place-order.service.ts';

/** Baskets are filled on the order-taking screen and turned into orders on the baskets screen. */
export function basketRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Sepetler'];
    const config = { access: ['ORDER_TAKING', 'BASKET_MANAGEMENT'] } as const;

    app.get('/admin/baskets', { schema: { tags, querystring: BasketListQuery }, config }, async (req) =>
      ok(await listBaskets(db, req.query)),
    );
    app.post('/admin/baskets', { schema: { tags, body: AddToBasketBody }, config }, async (req) =>
      ok(await db.transaction((tx) => addToBasket(tx, actorOf(req), req.body))),
    );
    app.put('/admin/baskets', { schema: { tags, body: SetBasketLineBody }, config }, async (req) =>
      ok(await db.transaction((tx) => setBasketLine(tx, actorOf(req), req.body))),
    );
    app.post(
      '/admin/baskets/:itemId/delete',
      { schema: { tags, params: BasketLineParams, body: BuyerOfBasketBody }, config },
      async (req) =>
        ok(
          await db.transaction((tx) =>
            deleteBasketLine(tx, actorOf(req), { itemId: req.params.itemId, buyerId: req.body.buyerId }),
          ),
        ),
    );
    app.post('/admin/baskets/cancel', { schema: { tags, body: BuyerOfBasketBody }, config }, async (req) =>
      ok(await db.transaction((tx) => cancelBasket(tx, actorOf(req), req.body))),
    );
    app.post(
      '/admin/baskets/apply-to-order',
      { schema: { tags, body: ApplyToOrderBody }, config },
      async (req) => ok(await db.transaction((tx) => applyBasketToOrder(tx, actorOf(req), req.body))),
    );
    app.get('/dashboard/basket-count', { schema: { tags }, config: { access: 'DASHBOARD' } }, async () =>
      ok(await countBaskets(db)),
    );
  };
}
