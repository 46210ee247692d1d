import {
  CreateProductItemBody,
  IdParams,
  PackagingGroupList,
  ProductItem,
  ProductItemCount,
  ProductItemList,
  ProductItemQuery,
  SyncResult,
  UpdateProductItemBody,
  WarehouseStockTypeList,
} from '@mandira/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
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
      {
        schema: {
          tags,
          summary: 'Depolanabilir ürünleri stok satırlarıyla listeler',
          operationId: 'listProductItems',
          querystring: ProductItemQuery,
          response: answers(ProductItemList),
        },
        config: { access: 'AUTH_ANY_ROLE' },
      },
      async (request) => ok(await listProductItems(db, request.query)),
    );
    app.get(
      '/product-item/packagingGroups',
      {
        schema: {
          tags,
          summary: 'Depolanabilir ürünlerin ambalaj gruplarını listeler',
          operationId: 'listProductItemPackagingGroups',
          response: answers(PackagingGroupList),
        },
        config: reading,
      },
      async () => ok(await listItemPackagingGroups(db)),
    );
    app.get(
      '/product-item/warehouseStockType',
      {
        schema: {
          tags,
          summary: 'Depo stok tiplerini listeler',
          operationId: 'listProductItemWarehouseStockTypes',
          response: answers(WarehouseStockTypeList),
        },
        config: reading,
      },
      async () => ok(listWarehouseStockTypes()),
    );
    app.get(
      '/product-item/synchronize',
      {
        schema: {
          tags,
          summary: "Ürünleri ERP'den alır ve onay kuyruğuna ekler",
          description:
            'Unknown stock codes become new pending records, changed items pending changes; unchanged items leave the queue. 422 when no ERP source is configured.',
          operationId: 'synchronizeProductItems',
          response: answers(SyncResult, 422, 502),
        },
        config: { access },
      },
      async (request) => {
        const records = await fetchErpProductItems(erp);
        return ok(await db.transaction((tx) => synchronizeProductItems(tx, actorOf(request), records)));
      },
    );
    app.get(
      '/product-item/:id',
      {
        schema: {
          tags,
          summary: 'Depolanabilir ürünü stok satırlarıyla getirir',
          operationId: 'getProductItem',
          params: IdParams,
          response: answers(ProductItem, 404),
        },
        config: reading,
      },
      async (request) => ok(await findProductItem(db, request.params.id)),
    );
    app.post(
      '/product-item',
      {
        schema: {
          tags,
          summary: 'Depolanabilir ürün tanımlar',
          operationId: 'createProductItem',
          body: CreateProductItemBody,
          response: answers(ProductItem, 409),
        },
        config: { access },
      },
      async (request) =>
        ok(await db.transaction((tx) => createProductItem(tx, actorOf(request), request.body))),
    );
    app.put(
      '/product-item',
      {
        schema: {
          tags,
          summary: 'Depolanabilir ürünü günceller',
          description:
            'A frozen item keeps its packagingType, packagingUnitType and packagingUnitTypeAmount: changing them is refused with 409.',
          operationId: 'updateProductItem',
          body: UpdateProductItemBody,
          response: answers(ProductItem, 404, 409),
        },
        config: { access },
      },
      async (request) =>
        ok(await db.transaction((tx) => updateProductItem(tx, actorOf(request), request.body))),
    );
    app.get(
      '/dashboard/product-item-count',
      {
        schema: {
          tags,
          summary: 'Depolanabilir ürün sayısını verir',
          operationId: 'countProductItems',
          response: answers(ProductItemCount),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countProductItems(db)),
    );
  };
}
