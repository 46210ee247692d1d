import {
  ApprovePendingProductItemBody,
  IdParams,
  PendingProductItemAsList,
  PendingProductItemList,
  ProductItem,
} from '@mandira/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { approvePendingItem, getPendingItem, listPendingItems } from './pending-item.service.ts';

export function pendingItemRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Ürün onayı'];
    const access = 'PRODUCT_APPROVAL' as const;

    app.get(
      '/pending-product-item',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen ürünleri listeler',
          operationId: 'listPendingProductItems',
          response: answers(PendingProductItemList),
        },
        config: { access },
      },
      async () => ok(await listPendingItems(db)),
    );
    app.get(
      '/pending-product-item/:id',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen ürünü getirir',
          description: 'The record comes as an array of one element (the approval screen reads the first).',
          operationId: 'getPendingProductItem',
          params: IdParams,
          response: answers(PendingProductItemAsList, 404),
        },
        config: { access },
      },
      async (request) => ok(await getPendingItem(db, request.params.id)),
    );
    app.post(
      '/pending-product-item',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen ürünü tanımlar ve kuyruktan çıkarır',
          description:
            'Defines the item from the form (a known stock code updates it) and answers the item; `id` names the pending record, without it the stock code finds it.',
          operationId: 'approvePendingProductItem',
          body: ApprovePendingProductItemBody,
          response: answers(ProductItem, 404, 409),
        },
        config: { access },
      },
      async (request) =>
        ok(await db.transaction((tx) => approvePendingItem(tx, actorOf(request), request.body))),
    );
  };
}
