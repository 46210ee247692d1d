import {
  ApproveBuyerBody,
  BuyerIdParams,
  BuyerWarehouseQuery,
  CreateBuyerBody,
  CreateBuyerWarehouseBody,
  PendingBuyerQuery,
  UpdateBuyerBody,
  UpdateBuyerWarehouseBody,
} from '@mandira/contract/buyers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { countBuyers, createBuyer, listBuyers, updateBuyer } from './buyer.service.ts';
import { fetchErpBuyers, synchronizeBuyers } from './buyer-sync.service.ts';
import {
  createBuyerWarehouse,
  listBuyerWarehouses,
  updateBuyerWarehouse,
} from './buyer-warehouse.service.ts';
import { approvePendingBuyer, getPendingBuyer, listPendingBuyers } from './pending-buyer.service.ts';

/**
 * The buyer list is the reference list of every screen that shows buyers (docs/domain/access.md,
 * decision 15): the warehouse screen's buyer select and the approval screen read it too.
 */
const readBuyers = {
  config: {
    access: [
      'BUYER_MANAGEMENT',
      'BUYER_APPROVAL',
      'BUYER_WAREHOUSE_MANAGEMENT',
      // The order screens choose a buyer, and a delivery branch among its warehouses (decision 55).
      'ORDER_TAKING',
      'BASKET_MANAGEMENT',
      'ORDER_REVIEW',
      // The accounting screen chooses its buyer when opened without one.
      'ACCOUNTING',
    ],
  },
} as const;
const readBuyerWarehouses = {
  access: ['BUYER_WAREHOUSE_MANAGEMENT', 'ORDER_TAKING', 'BASKET_MANAGEMENT', 'ORDER_REVIEW'],
} as const;

export function buyerRoutes({ db, config }: { db: Db; config: Config }) {
  const erp = { source: config.erpSource, timeoutMs: config.erpTimeoutMs };
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    const tags = ['Müşteriler'];
    const manage = { access: 'BUYER_MANAGEMENT' } as const;
    app.get('/buyers', { schema: { tags }, ...readBuyers }, async () => ok(await listBuyers(db)));
    app.post('/buyers', { schema: { tags, body: CreateBuyerBody }, config: manage }, async (req) =>
      ok(await db.transaction((tx) => createBuyer(tx, actorOf(req), req.body))),
    );
    app.put('/buyers', { schema: { tags, body: UpdateBuyerBody }, config: manage }, async (req) =>
      ok(await db.transaction((tx) => updateBuyer(tx, actorOf(req), req.body))),
    );
    app.get(
      '/buyers/sync-external-buyers',
      { schema: { tags }, config: { access: ['BUYER_MANAGEMENT', 'BUYER_APPROVAL'] } },
      async (req) => {
        const records = await fetchErpBuyers(erp);
        return ok(await db.transaction((tx) => synchronizeBuyers(tx, actorOf(req), records)));
      },
    );
    app.get('/dashboard/buyer-count', { schema: { tags }, config: { access: 'DASHBOARD' } }, async () =>
      ok(await countBuyers(db)),
    );

    const approvalTags = ['Müşteri onayı'];
    const approval = { access: 'BUYER_APPROVAL' } as const;
    app.get(
      '/pending-buyer',
      { schema: { tags: approvalTags, querystring: PendingBuyerQuery }, config: approval },
      async (req) => ok(await listPendingBuyers(db, req.query)),
    );
    app.get(
      '/pending-buyer/:id',
      { schema: { tags: approvalTags, params: BuyerIdParams }, config: approval },
      async (req) => ok(await getPendingBuyer(db, req.params.id)),
    );
    app.post(
      '/buyers/approve',
      { schema: { tags: approvalTags, body: ApproveBuyerBody }, config: approval },
      async (req) =>
        ok(await db.transaction((tx) => approvePendingBuyer(tx, actorOf(req), req.body, 'create'))),
    );
    app.put(
      '/buyers/approve',
      { schema: { tags: approvalTags, body: ApproveBuyerBody }, config: approval },
      async (req) =>
        ok(await db.transaction((tx) => approvePendingBuyer(tx, actorOf(req), req.body, 'update'))),
    );

    const warehouseTags = ['Müşteri depoları'];
    const warehouses = { access: 'BUYER_WAREHOUSE_MANAGEMENT' } as const;
    app.get(
      '/buyers/warehouses',
      { schema: { tags: warehouseTags, querystring: BuyerWarehouseQuery }, config: readBuyerWarehouses },
      async (req) => ok(await listBuyerWarehouses(db, req.query)),
    );
    app.post(
      '/buyers/warehouses',
      { schema: { tags: warehouseTags, body: CreateBuyerWarehouseBody }, config: warehouses },
      async (req) => ok(await db.transaction((tx) => createBuyerWarehouse(tx, actorOf(req), req.body))),
    );
    app.put(
      '/buyers/warehouses',
      { schema: { tags: warehouseTags, body: UpdateBuyerWarehouseBody }, config: warehouses },
      async (req) => ok(await db.transaction((tx) => updateBuyerWarehouse(tx, actorOf(req), req.body))),
    );
  };
}
