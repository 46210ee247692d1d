/**
 * What the office does, screen by screen: each built-in role's requests with their weights, every
 * request with a body or query of its own (a page, a filter, a buyer, an item still open for that step).
 * The work of the writes (items waiting for a step, orders with something open; bench/office-work.ts) is
 * read from the data set once and used up as the mix goes, so a write finds its item in the state it needs.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type pg from 'pg';
import { HOT_GROUP } from './dataset.ts';
import { type Buyer, readWork } from './office-work.ts';

export type OfficeRole = 'ORDER_MANAGER' | 'WAREHOUSE_STAFF' | 'BACKOFFICE_ADMIN' | 'FINANCE_ADMIN';

/** How many of the mix's users have each role (30 in all at the default size). */
export const ROLE_SHARES: Record<OfficeRole, number> = {
  ORDER_MANAGER: 8,
  WAREHOUSE_STAFF: 8,
  BACKOFFICE_ADMIN: 8,
  FINANCE_ADMIN: 6,
};

export type Planned = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: object;
  onAccepted?: () => void;
};

/** One user's own state: the buyers whose baskets it fills, and those it filled in this run. */
export type Desk = { index: number; buyers: Buyer[]; filled: Buyer[] };

export type Operation = {
  name: string;
  role: OfficeRole;
  write: boolean;
  weight: number;
  /** The request, or null when its work is used up (the user then reads instead). */
  plan(desk: Desk): Planned | null;
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * The operations of the mix over a data set of `days` days whose biggest buyer is `bigBuyerId`.
 * Reads ask what the screens ask: their first pages mostly, their default filters and ranges.
 */
export async function officeOperations(
  pool: pg.Pool,
  { days, bigBuyerId }: { days: number; bigBuyerId: number },
): Promise<{ operations: Operation[]; deskBuyers: (index: number, desks: number) => Buyer[] }> {
  const work = await readWork(pool);
  const today = istanbulDate(new Date());
  const query = (values: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(values).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    ).toString();
  const shipmentFilters: (() => Record<string, string | number>)[] = [
    () => ({}),
    () => ({ status: 'DELIVERED' }),
    () => ({ cityPlateCode: pick(work.cities) }),
    () => ({ vehicleId: pick(work.vehicles) }),
    () => ({ from: addDays(today, -6), to: today }),
    () => ({ buyerId: pick(work.buyers).id }),
  ];
  // The lots goods-in receives on the hot lines: a code stands for one expiry date, as on the package.
  const receivedLots = [20, 35, 50, 80].map((shelfDays, n) => ({
    code: `OFIS-${String.fromCharCode(65 + n)}`,
    expiryDate: addDays(today, shelfDays),
  }));
  const DASHBOARD = ['order-count', 'buyer-count', 'basket-count', 'user-count', 'warehouse-count'];

  const operations: Operation[] = [
    // Sipariş Yöneticisi: review search, milk deliveries; basket, order, review step, milk entry.
    {
      name: 'order search, page of 50 (POST /orders/filter-by-query)',
      role: 'ORDER_MANAGER',
      write: false,
      weight: 4,
      plan: () => ({
        method: 'POST',
        path: '/api/orders/filter-by-query',
        body: {
          orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'],
          fromCreateDate: addDays(today, -29),
          toCreateDate: today,
          ...(Math.random() < 0.3 ? { buyerCodes: [`BNC-M${String(between(1, 50)).padStart(5, '0')}`] } : {}),
          page: between(1, 3),
          size: 50,
        },
      }),
    },
    {
      name: 'milk deliveries, page of 50 of 30 days',
      role: 'ORDER_MANAGER',
      write: false,
      weight: 2,
      plan: () => ({
        method: 'GET',
        path: `/api/production/milk-delivery/deliveries?${query({ from: addDays(today, -29), to: today, page: between(1, 3), size: 50 })}`,
      }),
    },
    {
      name: 'basket add (POST /admin/baskets)',
      role: 'ORDER_MANAGER',
      write: true,
      weight: 1.5,
      plan: (desk) => {
        const buyer = pick(desk.buyers);
        return {
          method: 'POST',
          path: '/api/admin/baskets',
          body: { buyerId: buyer.id, productId: pick(work.products), boxQuantity: between(1, 2) },
          onAccepted: () => {
            if (!desk.filled.includes(buyer)) desk.filled.push(buyer);
          },
        };
      },
    },
    {
      name: 'order placement (POST /admin/baskets/apply-to-order)',
      role: 'ORDER_MANAGER',
      write: true,
      weight: 0.4,
      plan: (desk) => {
        const buyer = desk.filled.shift();
        if (!buyer) return null;
        return {
          method: 'POST',
          path: '/api/admin/baskets/apply-to-order',
          body: {
            buyerId: buyer.id,
            buyerRequestReferenceCode: `OFIS-${desk.index}-${Date.now()}`,
            buyerBranch: buyer.branch,
            plannedShipmentDate: addDays(today, 2),
            colorGroup: 'blue',
          },
        };
      },
    },
    {
      name: 'review step: approve an item',
      role: 'ORDER_MANAGER',
      write: true,
      weight: 1.2,
      plan: () => {
        const item = work.reviewItems.pop();
        if (!item) return null;
        return { method: 'PUT', path: `/api/orders/${item[0]}/order-item/${item[1]}?action=APPROVE` };
      },
    },
    {
      name: 'milk delivery entry',
      role: 'ORDER_MANAGER',
      write: true,
      weight: 0.6,
      plan: () => ({
        method: 'POST',
        path: '/api/production/milk-delivery/deliveries',
        body: {
          milkVehicleId: pick(work.milkVehicles),
          milkVehicleDriverId: pick(work.milkDrivers),
          deliveredCowMilkVolume: between(1000, 5000),
          deliveredSheepMilkVolume: between(0, 500),
          deliveredGoatMilkVolume: between(0, 300),
          deliveryDateTime: new Date().toISOString(),
        },
      }),
    },
    // Depo Personeli: the warehouse list, stock history, the item catalogue; warehouse steps, goods-in.
    {
      name: 'warehouse list, page of 25 (GET /orders/filter?operationType=WAREHOUSE)',
      role: 'WAREHOUSE_STAFF',
      write: false,
      weight: 4,
      plan: () => ({
        method: 'GET',
        path: `/api/orders/filter?${query({ operationType: 'WAREHOUSE', page: between(1, 5), size: 25 })}`,
      }),
    },
    {
      name: 'stock history, a week, page of 50',
      role: 'WAREHOUSE_STAFF',
      write: false,
      weight: 2,
      plan: () => {
        const start = addDays(today, -between(6, Math.max(6, days - 1)));
        return {
          method: 'GET',
          path: `/api/product-item/stock-history?${query({ startDate: start, endDate: addDays(start, 6), page: between(1, 2), size: 50 })}`,
        };
      },
    },
    {
      // The catalogue, stock and goods screens read it a page at a time (decision 116).
      name: 'item catalogue page (GET /product-item)',
      role: 'WAREHOUSE_STAFF',
      write: false,
      weight: 2,
      plan: () => ({ method: 'GET', path: `/api/product-item?${query({ page: between(1, 40), size: 50 })}` }),
    },
    {
      name: 'warehouse step: prepare / ready for loading',
      role: 'WAREHOUSE_STAFF',
      write: true,
      weight: 2,
      plan: () => {
        const ready = Math.random() < 0.5 ? work.preparedItems.shift() : undefined;
        const item = ready ?? work.waitingItems.pop();
        if (!item) return null;
        return {
          method: 'PUT',
          path: `/api/orders/${item[0]}/order-item/${item[1]}/${ready ? 'ready-for-loading' : 'prepare'}`,
          onAccepted: ready ? undefined : () => work.preparedItems.push(item),
        };
      },
    },
    {
      name: 'goods-in on a line (PUT /product-item/stock-import-bulk)',
      role: 'WAREHOUSE_STAFF',
      write: true,
      weight: 1,
      plan: () => ({
        method: 'PUT',
        path: `/api/product-item/stock-import-bulk?packagingGroup=${encodeURIComponent(HOT_GROUP)}`,
        body: {
          stockChange: [
            {
              id: pick(work.hotLines),
              importedQuantity: between(1, 5),
              stockOperationType: 'PRODUCTION_INBOUND',
              notes: 'ofis',
              lot: pick(receivedLots),
            },
          ],
        },
      }),
    },
    {
      // First-expired-first-out mostly; now and then the clerk names the lot on the shelf.
      name: 'goods-out on a line (PUT /product-item/stock-export-bulk)',
      role: 'WAREHOUSE_STAFF',
      write: true,
      weight: 0.5,
      plan: () => {
        const line = pick(work.hotLines);
        const lots = work.hotLots.get(line) ?? [];
        return {
          method: 'PUT',
          path: `/api/product-item/stock-export-bulk?packagingGroup=${encodeURIComponent(HOT_GROUP)}`,
          body: {
            stockChange: [
              {
                id: line,
                exportedQuantity: between(1, 3),
                stockOperationType: 'RETAIL_OUTBOUND',
                notes: 'ofis',
                lotId: lots.length > 0 && Math.random() < 0.3 ? pick(lots) : undefined,
              },
            ],
          },
        };
      },
    },
    // Ofis Yöneticisi: the shipment list with its filters, a shipment's content, the dashboard.
    {
      name: 'shipment list, page of 50, filters (GET /shipments)',
      role: 'BACKOFFICE_ADMIN',
      write: false,
      weight: 4,
      plan: () => ({
        method: 'GET',
        path: `/api/shipments?${query({ ...pick(shipmentFilters)(), page: between(1, 3), size: 50 })}`,
      }),
    },
    {
      name: 'shipment detail (GET /shipments/{id}/content)',
      role: 'BACKOFFICE_ADMIN',
      write: false,
      weight: 2,
      plan: () => ({ method: 'GET', path: `/api/shipments/${pick(work.shipments)}/content` }),
    },
    {
      name: 'dashboard counts (GET /dashboard/*-count)',
      role: 'BACKOFFICE_ADMIN',
      write: false,
      weight: 1,
      plan: () => ({ method: 'GET', path: `/api/dashboard/${pick(DASHBOARD)}` }),
    },
    // Finans Yöneticisi: the biggest buyer's transactions, summary and statement; payments.
    {
      name: 'buyer transactions, page of 50 (biggest buyer)',
      role: 'FINANCE_ADMIN',
      write: false,
      weight: 3,
      plan: () => ({
        method: 'GET',
        path: `/api/accounting/transactions?${query({ buyerId: bigBuyerId, page: between(1, 5), size: 50 })}`,
      }),
    },
    {
      // The summary cards the finance screen opens with, above the transactions.
      name: 'account summary (biggest buyer)',
      role: 'FINANCE_ADMIN',
      write: false,
      weight: 1,
      plan: () => ({ method: 'GET', path: `/api/accounting/summary?buyerId=${bigBuyerId}` }),
    },
    {
      name: 'statement, 30 days, page of 100 (biggest buyer)',
      role: 'FINANCE_ADMIN',
      write: false,
      weight: 2,
      plan: () => ({
        method: 'GET',
        path: `/api/accounting/statement?${query({ buyerId: bigBuyerId, from: addDays(today, -29), to: today, page: between(1, 2), size: 100 })}`,
      }),
    },
    {
      name: 'payment (POST /accounting/pay-order)',
      role: 'FINANCE_ADMIN',
      write: true,
      weight: 1.5,
      plan: () => {
        const orderId = work.payableOrders.pop();
        if (orderId === undefined) return null;
        return {
          method: 'POST',
          path: '/api/accounting/pay-order',
          body: {
            orderId,
            reason: 'ORDER_PAYMENT',
            payType: Math.random() < 0.5 ? 'CASH' : 'BANK_TRANSFER',
            amount: between(100, 400) / 100,
          },
        };
      },
    },
  ];
  // Each order manager fills the baskets of its own buyers, so two never place the same basket.
  const deskBuyers = (index: number, desks: number) => work.buyers.filter((_, n) => n % desks === index);
  return { operations, deskBuyers };
}
