import {
  CreateProductItemBody,
  IdParams,
  ProductItemQuery,
  UpdateProductItemBody,
} from '@mandira/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
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
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Depolanabilir ürünler'];
    const access = 'PRODUCT_ITEM_MANAGEMENT' as const;
    // The item list with its stock lines is also the list of the stock screens.
    const reading = {
      access: ['PRODUCT_ITEM_MANAGEMENT', 'STOCK_MANAGEMENT', 'GOODS_IN_OUT', 'STOCK_HISTORY'],
    } as const;

    // The item list is also the product filter of the stock history every user reads (decision 104).
    app.get(
      '/product-item',
      { schema: { tags, querystring: ProductItemQuery }, config: { access: 'AUTH_ANY_ROLE' } },
      async (request) => ok(await listProductItems(db, request.query)),
    );
    app.get('/product-item/packagingGroups', { schema: { tags }, config: reading }, async () =>
      ok(await listItemPackagingGroups(db)),
    );
    app.get('/product-item/warehouseStockType', { schema: { tags }, config: reading }, async () =>
      ok(listWarehouseStockTypes()),
    );
    app.get('/product-item/synchronize', { schema: { tags }, config: { access } }, async (request) => {
      const records = await fetchErpProductItems(erp);
      return ok(await db.transaction((tx) => synchronizeProductItems(tx, actorOf(request), records)));
    });
    app.get('/product-item/:id', { schema: { tags, params: IdParams }, config: reading }, async (request) =>
      ok(await findProductItem(db, request.params.id)),
    );
    app.post(
      '/product-item',
      { schema: { tags, body: CreateProductItemBody }, config: { access } },
      async (request) =>
        ok(await db.transaction((tx) => createProductItem(tx, actorOf(request), request.body))),
    );
    app.put(
      '/product-item',
      { schema: { tags, body: UpdateProductItemBody }, config: { access } },
      async (request) =>
        ok(await db.transaction((tx) => updateProductItem(tx, actorOf(request), request.body))),
    );
    app.get(
      '/dashboard/product-item-count',
      { schema: { tags }, config: { access: 'DASHBOARD' } },
      async () => ok(await countProductItems(db)),
    );
  };
}
