import { z } from 'zod';
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
} from '../buyers.ts';
import { operation } from '../operation.ts';

// The buyers, their approval queue and their delivery warehouses: sections of one tag.
const tags = ['Müşteriler'];
const manage = 'BUYER_MANAGEMENT';
const approval = 'BUYER_APPROVAL';
const warehouses = 'BUYER_WAREHOUSE_MANAGEMENT';

/**
 * The buyer list is the reference list of every screen that shows buyers (docs/domain/access.md,
 * decision 15): the warehouse screen's buyer select and the approval screen read it too.
 */
const readBuyers = [
  'BUYER_MANAGEMENT',
  'BUYER_APPROVAL',
  'BUYER_WAREHOUSE_MANAGEMENT',
  // The order screens choose a buyer, and a delivery branch among its warehouses (decision 55).
  'ORDER_TAKING',
  'BASKET_MANAGEMENT',
  'ORDER_REVIEW',
  // The accounting screen chooses its buyer when opened without one.
  'ACCOUNTING',
] as const;
const readBuyerWarehouses = [
  'BUYER_WAREHOUSE_MANAGEMENT',
  'ORDER_TAKING',
  'BASKET_MANAGEMENT',
  'ORDER_REVIEW',
] as const;

export const listBuyers = operation({
  operationId: 'listBuyers',
  method: 'GET',
  path: '/buyers',
  tags,
  summary: 'Müşterileri listeler',
  description: 'Every buyer, by title.',
  access: readBuyers,
  answer: z.array(Buyer),
});

export const createBuyer = operation({
  operationId: 'createBuyer',
  method: 'POST',
  path: '/buyers',
  tags,
  summary: 'Yeni müşteri tanımlar',
  access: manage,
  body: CreateBuyerBody,
  answer: Buyer,
  errors: [409],
});

export const updateBuyer = operation({
  operationId: 'updateBuyer',
  method: 'PUT',
  path: '/buyers',
  tags,
  summary: 'Müşteriyi günceller',
  access: manage,
  body: UpdateBuyerBody,
  answer: Buyer,
  errors: [404, 409],
});

export const syncBuyersFromErp = operation({
  operationId: 'syncBuyersFromErp',
  method: 'GET',
  path: '/buyers/sync-external-buyers',
  tags,
  summary: "Müşterileri ERP'den senkronize eder",
  description:
    "A GET that writes: reads the ERP's buyers and queues the new and changed ones for approval " +
    '(`/pending-buyer`); repeating it changes nothing more. 422 when no ERP source is configured.',
  access: ['BUYER_MANAGEMENT', 'BUYER_APPROVAL'],
  answer: BuyerSyncResult,
  errors: [422, 502],
});

export const countBuyers = operation({
  operationId: 'countBuyers',
  method: 'GET',
  path: '/dashboard/buyer-count',
  tags,
  summary: 'Kayıtlı müşteri sayısını verir',
  access: 'DASHBOARD',
  answer: z.number().int().describe('Buyers registered.'),
});

export const listPendingBuyers = operation({
  operationId: 'listPendingBuyers',
  method: 'GET',
  path: '/pending-buyer',
  tags,
  summary: 'Onay bekleyen müşterileri listeler',
  description: 'One page of the approval queue, oldest first; `isNew` narrows it to new or changed buyers.',
  access: approval,
  query: PendingBuyerQuery,
  answer: PendingBuyerPage,
});

export const getPendingBuyer = operation({
  operationId: 'getPendingBuyer',
  method: 'GET',
  path: '/pending-buyer/:id',
  tags,
  summary: 'Onay bekleyen müşteri kaydını getirir',
  description:
    'Answers the one pending record as an object (not an array of one). `id` is the pending ' +
    "record's id, not a buyer's.",
  access: approval,
  params: BuyerIdParams,
  answer: PendingBuyer,
  errors: [404],
});

export const approveNewBuyer = operation({
  operationId: 'approveNewBuyer',
  method: 'POST',
  path: '/buyers/approve',
  tags,
  summary: 'Onay bekleyen yeni müşteriyi onaylayıp tanımlar',
  description:
    'Creates the buyer from the pending record (by `id`, else by `code`) overlaid with the form; the ' +
    'record leaves the queue. A code a buyer already has is refused (409): approve it with PUT.',
  access: approval,
  body: ApproveBuyerBody,
  answer: Buyer,
  errors: [404, 409],
});

export const approveBuyerChange = operation({
  operationId: 'approveBuyerChange',
  method: 'PUT',
  path: '/buyers/approve',
  tags,
  summary: 'Onay bekleyen müşteri değişikliğini onaylar',
  description:
    "Updates the buyer with the pending record's code, overlaid with the ERP's values and the form; " +
    'the record leaves the queue. 404 when no buyer has the code (approve it with POST).',
  access: approval,
  body: ApproveBuyerBody,
  answer: Buyer,
  errors: [404, 409],
});

export const listBuyerWarehouses = operation({
  operationId: 'listBuyerWarehouses',
  method: 'GET',
  path: '/buyers/warehouses',
  tags,
  summary: 'Müşteri depolarını listeler',
  description: "Every buyer's delivery warehouses, or one buyer's with `buyerId`; by buyer title and code.",
  access: readBuyerWarehouses,
  query: BuyerWarehouseQuery,
  answer: z.array(BuyerWarehouse),
});

export const createBuyerWarehouse = operation({
  operationId: 'createBuyerWarehouse',
  method: 'POST',
  path: '/buyers/warehouses',
  tags,
  summary: 'Müşteriye yeni depo tanımlar',
  description: 'An unknown `buyerId` is refused as a field (400).',
  access: warehouses,
  body: CreateBuyerWarehouseBody,
  answer: BuyerWarehouse,
  errors: [409],
});

export const updateBuyerWarehouse = operation({
  operationId: 'updateBuyerWarehouse',
  method: 'PUT',
  path: '/buyers/warehouses',
  tags,
  summary: 'Müşteri deposunu günceller',
  description: 'An unknown `buyerId` is refused as a field (400).',
  access: warehouses,
  body: UpdateBuyerWarehouseBody,
  answer: BuyerWarehouse,
  errors: [404, 409],
});
