import {
  ApproveBuyerBody,
  Buyer,
  BuyerIdParams,
  BuyerSyncResult,
  BuyerWarehouse,
  BuyerWarehouseQuery,
  CreateBuyerBody,
  CreateBuyerWarehouseBody,
  PendingBuyer,
  PendingBuyerPage,
  PendingBuyerQuery,
  UpdateBuyerBody,
  UpdateBuyerWarehouseBody,
} from '@mandira/contract/buyers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
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
    app.get(
      '/buyers',
      {
        schema: {
          tags,
          summary: 'Müşterileri listeler',
          description: 'Every buyer, by title.',
          operationId: 'listBuyers',
          response: answers(z.array(Buyer)),
        },
        ...readBuyers,
      },
      async () => ok(await listBuyers(db)),
    );
    app.post(
      '/buyers',
      {
        schema: {
          tags,
          summary: 'Yeni müşteri tanımlar',
          operationId: 'createBuyer',
          body: CreateBuyerBody,
          response: answers(Buyer, 409),
        },
        config: manage,
      },
      async (req) => ok(await db.transaction((tx) => createBuyer(tx, actorOf(req), req.body))),
    );
    app.put(
      '/buyers',
      {
        schema: {
          tags,
          summary: 'Müşteriyi günceller',
          operationId: 'updateBuyer',
          body: UpdateBuyerBody,
          response: answers(Buyer, 404, 409),
        },
        config: manage,
      },
      async (req) => ok(await db.transaction((tx) => updateBuyer(tx, actorOf(req), req.body))),
    );
    app.get(
      '/buyers/sync-external-buyers',
      {
        schema: {
          tags,
          summary: "Müşterileri ERP'den senkronize eder",
          description:
            "A GET that writes: reads the ERP's buyers and queues the new and changed ones for approval " +
            '(`/pending-buyer`); repeating it changes nothing more. 422 when no ERP source is configured.',
          operationId: 'syncBuyersFromErp',
          response: answers(BuyerSyncResult, 422, 502),
        },
        config: { access: ['BUYER_MANAGEMENT', 'BUYER_APPROVAL'] },
      },
      async (req) => {
        const records = await fetchErpBuyers(erp);
        return ok(await db.transaction((tx) => synchronizeBuyers(tx, actorOf(req), records)));
      },
    );
    app.get(
      '/dashboard/buyer-count',
      {
        schema: {
          tags,
          summary: 'Kayıtlı müşteri sayısını verir',
          operationId: 'countBuyers',
          response: answers(z.number().int().describe('Buyers registered.')),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countBuyers(db)),
    );

    // The approval queue and the warehouses are sections of the buyers' tag.
    const approval = { access: 'BUYER_APPROVAL' } as const;
    app.get(
      '/pending-buyer',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen müşterileri listeler',
          description:
            'One page of the approval queue, oldest first; `isNew` narrows it to new or changed buyers.',
          operationId: 'listPendingBuyers',
          querystring: PendingBuyerQuery,
          response: answers(PendingBuyerPage),
        },
        config: approval,
      },
      async (req) => ok(await listPendingBuyers(db, req.query)),
    );
    app.get(
      '/pending-buyer/:id',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen müşteri kaydını getirir',
          description:
            'Answers the one pending record as an object (not an array of one). `id` is the pending ' +
            "record's id, not a buyer's.",
          operationId: 'getPendingBuyer',
          params: BuyerIdParams,
          response: answers(PendingBuyer, 404),
        },
        config: approval,
      },
      async (req) => ok(await getPendingBuyer(db, req.params.id)),
    );
    app.post(
      '/buyers/approve',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen yeni müşteriyi onaylayıp tanımlar',
          description:
            'Creates the buyer from the pending record (by `id`, else by `code`) overlaid with the form; the ' +
            'record leaves the queue. A code a buyer already has is refused (409): approve it with PUT.',
          operationId: 'approveNewBuyer',
          body: ApproveBuyerBody,
          response: answers(Buyer, 404, 409),
        },
        config: approval,
      },
      async (req) =>
        ok(await db.transaction((tx) => approvePendingBuyer(tx, actorOf(req), req.body, 'create'))),
    );
    app.put(
      '/buyers/approve',
      {
        schema: {
          tags,
          summary: 'Onay bekleyen müşteri değişikliğini onaylar',
          description:
            "Updates the buyer with the pending record's code, overlaid with the ERP's values and the form; " +
            'the record leaves the queue. 404 when no buyer has the code (approve it with POST).',
          operationId: 'approveBuyerChange',
          body: ApproveBuyerBody,
          response: answers(Buyer, 404, 409),
        },
        config: approval,
      },
      async (req) =>
        ok(await db.transaction((tx) => approvePendingBuyer(tx, actorOf(req), req.body, 'update'))),
    );

    const warehouses = { access: 'BUYER_WAREHOUSE_MANAGEMENT' } as const;
    app.get(
      '/buyers/warehouses',
      {
        schema: {
          tags,
          summary: 'Müşteri depolarını listeler',
          description:
            "Every buyer's delivery warehouses, or one buyer's with `buyerId`; by buyer title and code.",
          operationId: 'listBuyerWarehouses',
          querystring: BuyerWarehouseQuery,
          response: answers(z.array(BuyerWarehouse)),
        },
        config: readBuyerWarehouses,
      },
      async (req) => ok(await listBuyerWarehouses(db, req.query)),
    );
    app.post(
      '/buyers/warehouses',
      {
        schema: {
          tags,
          summary: 'Müşteriye yeni depo tanımlar',
          description: 'An unknown `buyerId` is refused as a field (400).',
          operationId: 'createBuyerWarehouse',
          body: CreateBuyerWarehouseBody,
          response: answers(BuyerWarehouse, 409),
        },
        config: warehouses,
      },
      async (req) => ok(await db.transaction((tx) => createBuyerWarehouse(tx, actorOf(req), req.body))),
    );
    app.put(
      '/buyers/warehouses',
      {
        schema: {
          tags,
          summary: 'Müşteri deposunu günceller',
          description: 'An unknown `buyerId` is refused as a field (400).',
          operationId: 'updateBuyerWarehouse',
          body: UpdateBuyerWarehouseBody,
          response: answers(BuyerWarehouse, 404, 409),
        },
        config: warehouses,
      },
      async (req) => ok(await db.transaction((tx) => updateBuyerWarehouse(tx, actorOf(req), req.body))),
    );
  };
}
