import * as operations from '@mandira/contract/operations/pending-items';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { approvePendingItem, getPendingItem, listPendingItems } from './pending-item.service.ts';

export function pendingItemRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    route(app, operations.listPendingProductItems, async () => ok(await listPendingItems(db)));
    route(app, operations.getPendingProductItem, async (request) =>
      ok(await getPendingItem(db, request.params.id)),
    );
    route(app, operations.approvePendingProductItem, async (request) =>
      ok(await db.transaction((tx) => approvePendingItem(tx, actorOf(request), request.body))),
    );
  };
}
