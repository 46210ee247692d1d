import {
  AddToBasketBody,
  Basket,
  BasketLineParams,
  BasketList,
  BasketListQuery,
  BasketPage,
  BuyerOfBasketBody,
  SetBasketLineBody,
} from '@mandira/contract/baskets';
import { ApplyToOrderBody, Order } from '@mandira/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
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

    app.get(
      '/admin/baskets',
      {
        schema: {
          tags,
          summary: 'Dolu sepetleri listeler',
          description:
            'The baskets holding a line, by buyer title; `q` finds the buyer by title, code or name. With ' +
            '`page` or `size` one page (`BasketPage`), without both an array.',
          operationId: 'listBaskets',
          querystring: BasketListQuery,
          response: answers(z.union([BasketList, BasketPage])),
        },
        config,
      },
      async (req) => ok(await listBaskets(db, req.query)),
    );
    app.post(
      '/admin/baskets',
      {
        schema: {
          tags,
          summary: 'Sepete ürün ekler',
          description:
            "Adds boxes of a product to the buyer's basket (the same product again raises its line) and " +
            "answers the buyer's basket. 409 when the stock cannot give them, 422 past a bound.",
          operationId: 'addToBasket',
          body: AddToBasketBody,
          response: answers(Basket, 404, 409, 422),
        },
        config,
      },
      async (req) => ok(await db.transaction((tx) => addToBasket(tx, actorOf(req), req.body))),
    );
    app.put(
      '/admin/baskets',
      {
        schema: {
          tags,
          summary: 'Sepetteki ürünün koli adedini değiştirir',
          description:
            "Sets the boxes of a product already in the buyer's basket; answers the buyer's basket.",
          operationId: 'setBasketLine',
          body: SetBasketLineBody,
          response: answers(Basket, 404, 409, 422),
        },
        config,
      },
      async (req) => ok(await db.transaction((tx) => setBasketLine(tx, actorOf(req), req.body))),
    );
    app.post(
      '/admin/baskets/:itemId/delete',
      {
        schema: {
          tags,
          summary: 'Sepetten bir satırı siler',
          description: "`itemId` is the basket line's id (`BasketItem.id`); answers the buyer's basket.",
          operationId: 'deleteBasketLine',
          params: BasketLineParams,
          body: BuyerOfBasketBody,
          response: answers(Basket, 404),
        },
        config,
      },
      async (req) =>
        ok(
          await db.transaction((tx) =>
            deleteBasketLine(tx, actorOf(req), { itemId: req.params.itemId, buyerId: req.body.buyerId }),
          ),
        ),
    );
    app.post(
      '/admin/baskets/cancel',
      {
        schema: {
          tags,
          summary: 'Müşterinin sepetini boşaltır',
          description: "Empties the buyer's basket, releasing what it reserved; answers the (empty) basket.",
          operationId: 'emptyBasket',
          body: BuyerOfBasketBody,
          response: answers(Basket, 404),
        },
        config,
      },
      async (req) => ok(await db.transaction((tx) => cancelBasket(tx, actorOf(req), req.body))),
    );
    app.post(
      '/admin/baskets/apply-to-order',
      {
        schema: {
          tags,
          summary: 'Sepeti siparişe dönüştürür',
          description:
            "The buyer's basket becomes an order waiting for review and the basket empties. 409 when the " +
            'stock no longer gives the lines, 422 for an empty basket, a branch of another buyer or a bound.',
          operationId: 'placeBasketOrder',
          body: ApplyToOrderBody,
          response: answers(Order, 404, 409, 422),
        },
        config,
      },
      async (req) => ok(await db.transaction((tx) => applyBasketToOrder(tx, actorOf(req), req.body))),
    );
    app.get(
      '/dashboard/basket-count',
      {
        schema: {
          tags,
          summary: 'Dolu sepet sayısını verir',
          operationId: 'countBaskets',
          response: answers(z.number().int().describe('Baskets holding at least one line.')),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countBaskets(db)),
    );
  };
}
