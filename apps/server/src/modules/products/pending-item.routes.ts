import { ApprovePendingProductItemBody, IdParams } from '@mandira/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { approvePendingItem, getPendingItem, listPendingItems } from './pending-item.service.ts';

export function pendingItemRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Ürün onayı'];
    const access = 'PRODUCT_APPROVAL' as const;

    app.get('/pending-product-item', { schema: { tags }, config: { access } }, async () =>
      ok(await listPendingItems(db)),
    );
    app.get(
      '/pending-product-item/:id',
      { schema: { tags, params: IdParams }, config: { access } },
      async (request) => ok(await getPendingItem(db, request.params.id)),
    );
    app.post(
      '/pending-product-item',
      { schema: { tags, body: ApprovePendingProductItemBody }, config: { access } },
      async (request) =>
        ok(await db.transaction((tx) => approvePendingItem(tx, actorOf(request), request.body))),
    );
  };
}
