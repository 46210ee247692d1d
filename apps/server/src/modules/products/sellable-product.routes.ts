import { IdParams, PackagingGroupList } from '@mandira/contract/products';
import {
  CreateProductBody,
  ItemCardList,
  Product,
  ProductCount,
  ProductList,
  ProductOpenUsage,
  ProductQuery,
  ProductStocks,
  UpdateProductBody,
} from '@mandira/contract/sellable-products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
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
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Satılabilir ürünler'];
    const access = 'SELLABLE_PRODUCT_MANAGEMENT' as const;
    // The order-taking screen lists products with their stock figures from the same calls (decision 55).
    const read = { access: ['SELLABLE_PRODUCT_MANAGEMENT', 'ORDER_TAKING'] } as const;
    // The product list is open to every signed-in user, read only without the managing privilege (decision 104).
    const listing = { access: 'AUTH_ANY_ROLE' } as const;

    app.get(
      '/products',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürünleri içerikleri ve stok durumlarıyla listeler',
          description:
            'By name; `packagingGroup` keeps the products with an item of that group in their bundle.',
          operationId: 'listSellableProducts',
          querystring: ProductQuery,
          response: answers(ProductList),
        },
        config: listing,
      },
      async (request) => ok(await findProducts(db, request.query.packagingGroup)),
    );
    app.get(
      '/products/packagingGroups',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürünlerin içeriğindeki ambalaj gruplarını listeler',
          operationId: 'listSellableProductPackagingGroups',
          response: answers(PackagingGroupList),
        },
        config: listing,
      },
      async () => ok(await listProductPackagingGroups(db)),
    );
    // The bundle picker lists items from here, so the screen needs no item-management privilege.
    app.get(
      '/products/item-cards',
      {
        schema: {
          tags,
          summary: 'İçerik seçimi için depolanabilir ürünleri listeler',
          operationId: 'listSellableProductItemCards',
          response: answers(ItemCardList),
        },
        config: { access },
      },
      async () => ok(await findItemCards(db)),
    );
    app.get(
      '/products/:id/stocks',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürünün fiyatını ve stok durumunu getirir',
          operationId: 'getSellableProductStock',
          params: IdParams,
          response: answers(ProductStocks, 404),
        },
        config: read,
      },
      async (request) => ok(await productStock(db, request.params.id)),
    );
    // The product form says, before saving, which baskets and orders an edit reaches (decision 100).
    app.get(
      '/products/:id/open-usage',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürünün açık sepet ve siparişlerdeki kullanımını verir',
          operationId: 'getSellableProductOpenUsage',
          params: IdParams,
          response: answers(ProductOpenUsage, 404),
        },
        config: { access },
      },
      async (request) => ok(await productOpenUsage(db, request.params.id)),
    );
    app.post(
      '/products',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürün tanımlar',
          operationId: 'createSellableProduct',
          body: CreateProductBody,
          response: answers(Product, 409),
        },
        config: { access },
      },
      async (request) => ok(await db.transaction((tx) => createProduct(tx, actorOf(request), request.body))),
    );
    app.put(
      '/products',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürünü ve içeriğini günceller',
          operationId: 'updateSellableProduct',
          body: UpdateProductBody,
          response: answers(Product, 404, 409),
        },
        config: { access },
      },
      async (request) => ok(await db.transaction((tx) => updateProduct(tx, actorOf(request), request.body))),
    );
    app.get(
      '/dashboard/listing-product-count',
      {
        schema: {
          tags,
          summary: 'Satılabilir ürün sayısını verir',
          operationId: 'countSellableProducts',
          response: answers(ProductCount),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countProducts(db)),
    );
  };
}
