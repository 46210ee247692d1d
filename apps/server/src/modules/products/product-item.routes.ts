import * as operations from '@mandira/contract/operations/product-items';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { findProductItem, listProductItems } from './product-item.repo.ts';
import {
  countProductItems,
  createProductItem,
  listItemPackagingGroups,
  listWarehouseStockTypes,
  updateProductItem,
} from './product-item.service.ts';
import { fetchErpProductItems, synchronizeProductItems } from './product-sync.service.ts';

export function productItemRoutes({ db, config }: { db: Db; config: Config }) {
  const erp = { source: config.erpSource, timeoutMs: config.erpTimeoutMs };
  return async (app: FastifyInstance) => {
    route(app, operations.listProductItems, async (request) => ok(await listProductItems(db, request.query)));
    route(app, operations.listProductItemPackagingGroups, async () => ok(await listItemPackagingGroups(db)));
    route(app, operations.listProductItemWarehouseStockTypes, async () => ok(listWarehouseStockTypes()));
    route(app, operations.synchronizeProductItems, async (request) => {
      const records = await fetchErpProductItems(erp);
      return ok(await db.transaction((tx) => synchronizeProductItems(tx, actorOf(request), records)));
    });
    route(app, operations.getProductItem, async (request) =>
      ok(await findProductItem(db, request.params.id)),
    );
    route(app, operations.createProductItem, async (request) =>
      ok(await db.transaction((tx) => createProductItem(tx, actorOf(request), request.body))),
    );
    route(app, operations.updateProductItem, async (request) =>
      ok(await db.transaction((tx) => updateProductItem(tx, actorOf(request), request.body))),
    );
    route(app, operations.countProductItems, async () => ok(await countProductItems(db)));
  };
}
