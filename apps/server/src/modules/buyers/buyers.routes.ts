import * as operations from '@mandira/contract/operations/buyers';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { countBuyers, createBuyer, listBuyers, updateBuyer } from './buyer.service.ts';
import { fetchErpBuyers, synchronizeBuyers } from './buyer-sync.service.ts';
import {
  createBuyerWarehouse,
  listBuyerWarehouses,
  updateBuyerWarehouse,
} from './buyer-warehouse.service.ts';
import { approvePendingBuyer, getPendingBuyer, listPendingBuyers } from './pending-buyer.service.ts';

export function buyerRoutes({ db, config }: { db: Db; config: Config }) {
  const erp = { source: config.erpSource, timeoutMs: config.erpTimeoutMs };
  return async (app: FastifyInstance) => {
    route(app, operations.listBuyers, async () => ok(await listBuyers(db)));
    route(app, operations.createBuyer, async (req) =>
      ok(await db.transaction((tx) => createBuyer(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateBuyer, async (req) =>
      ok(await db.transaction((tx) => updateBuyer(tx, actorOf(req), req.body))),
    );
    route(app, operations.syncBuyersFromErp, async (req) => {
      const records = await fetchErpBuyers(erp);
      return ok(await db.transaction((tx) => synchronizeBuyers(tx, actorOf(req), records)));
    });
    route(app, operations.countBuyers, async () => ok(await countBuyers(db)));

    // The approval queue and the warehouses are sections of the buyers' tag.
    route(app, operations.listPendingBuyers, async (req) => ok(await listPendingBuyers(db, req.query)));
    route(app, operations.getPendingBuyer, async (req) => ok(await getPendingBuyer(db, req.params.id)));
    route(app, operations.approveNewBuyer, async (req) =>
      ok(await db.transaction((tx) => approvePendingBuyer(tx, actorOf(req), req.body, 'create'))),
    );
    route(app, operations.approveBuyerChange, async (req) =>
      ok(await db.transaction((tx) => approvePendingBuyer(tx, actorOf(req), req.body, 'update'))),
    );

    route(app, operations.listBuyerWarehouses, async (req) => ok(await listBuyerWarehouses(db, req.query)));
    route(app, operations.createBuyerWarehouse, async (req) =>
      ok(await db.transaction((tx) => createBuyerWarehouse(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateBuyerWarehouse, async (req) =>
      ok(await db.transaction((tx) => updateBuyerWarehouse(tx, actorOf(req), req.body))),
    );
  };
}
