import * as operations from '@mandira/contract/operations/sellable-products';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { productStock } from './product-availability.ts';
import { productOpenUsage } from './product-open-usage.ts';
import { findItemCards, findProducts } from './sellable-product.repo.ts';
import {
  countProducts,
  createProduct,
  listProductPackagingGroups,
  updateProduct,
} from './sellable-product.service.ts';

export function sellableProductRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    route(app, operations.listSellableProducts, async (request) =>
      ok(await findProducts(db, request.query.packagingGroup)),
    );
    route(app, operations.listSellableProductPackagingGroups, async () =>
      ok(await listProductPackagingGroups(db)),
    );
    route(app, operations.listSellableProductItemCards, async () => ok(await findItemCards(db)));
    route(app, operations.getSellableProductStock, async (request) =>
      ok(await productStock(db, request.params.id)),
    );
    route(app, operations.getSellableProductOpenUsage, async (request) =>
      ok(await productOpenUsage(db, request.params.id)),
    );
    route(app, operations.createSellableProduct, async (request) =>
      ok(await db.transaction((tx) => createProduct(tx, actorOf(request), request.body))),
    );
    route(app, operations.updateSellableProduct, async (request) =>
      ok(await db.transaction((tx) => updateProduct(tx, actorOf(request), request.body))),
    );
    route(app, operations.countSellableProducts, async () => ok(await countProducts(db)));
  };
}
