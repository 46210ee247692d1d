import { IdParams } from '@mandira/contract/products';
import { CreateProductBody, ProductQuery, UpdateProductBody } from '@mandira/contract/sellable-products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
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

    app.get('/products', { schema: { tags, querystring: ProductQuery }, config: listing }, async (request) =>
      ok(await findProducts(db, request.query.packagingGroup)),
    );
    app.get('/products/packagingGroups', { schema: { tags }, config: listing }, async () =>
      ok(await listProductPackagingGroups(db)),
    );
    // The bundle picker lists items from here, so the screen needs no item-management privilege.
    app.get('/products/item-cards', { schema: { tags }, config: { access } }, async () =>
      ok(await findItemCards(db)),
    );
    app.get('/products/:id/stocks', { schema: { tags, params: IdParams }, config: read }, async (request) =>
      ok(await productStock(db, request.params.id)),
    );
    // The product form says, before saving, which baskets and orders an edit reaches (decision 100).
    app.get(
      '/products/:id/open-usage',
      { schema: { tags, params: IdParams }, config: { access } },
      async (request) => ok(await productOpenUsage(db, request.params.id)),
    );
    app.post(
      '/products',
      { schema: { tags, body: CreateProductBody }, config: { access } },
      async (request) => ok(await db.transaction((tx) => createProduct(tx, actorOf(request), request.body))),
    );
    app.put('/products', { schema: { tags, body: UpdateProductBody }, config: { access } }, async (request) =>
      ok(await db.transaction((tx) => updateProduct(tx, actorOf(request), request.body))),
    );
    app.get(
      '/dashboard/listing-product-count',
      { schema: { tags }, config: { access: 'DASHBOARD' } },
      async () => ok(await countProducts(db)),
    );
  };
}
