import * as operations from '@mandira/contract/operations/baskets';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
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
  return async (app: FastifyInstance) => {
    route(app, operations.listBaskets, async (req) => ok(await listBaskets(db, req.query)));
    route(app, operations.addToBasket, async (req) =>
      ok(await db.transaction((tx) => addToBasket(tx, actorOf(req), req.body))),
    );
    route(app, operations.setBasketLine, async (req) =>
      ok(await db.transaction((tx) => setBasketLine(tx, actorOf(req), req.body))),
    );
    route(app, operations.deleteBasketLine, async (req) =>
      ok(
        await db.transaction((tx) =>
          deleteBasketLine(tx, actorOf(req), { itemId: req.params.itemId, buyerId: req.body.buyerId }),
        ),
      ),
    );
    route(app, operations.emptyBasket, async (req) =>
      ok(await db.transaction((tx) => cancelBasket(tx, actorOf(req), req.body))),
    );
    route(app, operations.placeBasketOrder, async (req) =>
      ok(await db.transaction((tx) => applyBasketToOrder(tx, actorOf(req), req.body))),
    );
    route(app, operations.countBaskets, async () => ok(await countBaskets(db)));
  };
}
