import type { Buyer, BuyerWarehouse } from '@mandira/contract/buyers';
import { PENDING_BUYER_PAGE_SIZE } from '@mandira/contract/buyers';
import type { OperationBody } from '@mandira/contract/operation';
import * as buyers from '@mandira/contract/operations/buyers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BUYERS_KEY as BUYERS } from '../../api/buyers.ts';
import { callApi, createOrUpdateOf, unwrap } from '../../api/client.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';

// Buyers, the approval queue and the warehouses show one another's data (titles, isNew, changes),
// so every write reloads everything under this key (the shared lists of `api/buyers.ts` included).
const PENDING = [...BUYERS, 'pending'] as const;

export function useSaveBuyer() {
  return useApiMutation(createOrUpdateOf(buyers.createBuyer, buyers.updateBuyer), {
    invalidates: [BUYERS],
  });
}

/** One buyer as it is now, for a form whose save found the buyer changed (`lib/forms/stale-record.tsx`). */
export async function fetchBuyer(id: number): Promise<Buyer | undefined> {
  return (await unwrap(callApi(buyers.listBuyers))).find((buyer) => buyer.id === id);
}

export function useSynchronizeBuyers() {
  return useApiMutation(() => callApi(buyers.syncBuyersFromErp), {
    invalidates: [BUYERS],
  });
}

export function usePendingBuyers(isNew: boolean, page: number) {
  const query = { isNew, page, size: PENDING_BUYER_PAGE_SIZE };
  return useQuery({
    ...operationQuery(PENDING, buyers.listPendingBuyers, { query }),
    // The old page stays on screen until the next one arrives, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

export function usePendingBuyer(id: number | undefined) {
  return useQuery({
    // Without an id the query stays disabled, so it is never sent.
    ...operationQuery(PENDING, buyers.getPendingBuyer, { params: { id: id as number } }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** A new pending buyer is approved by creating it (POST), a changed one by updating (PUT). */
export function useApproveBuyer() {
  return useApiMutation(
    ({ isNew, body }: { isNew: boolean; body: OperationBody<typeof buyers.approveNewBuyer> }) =>
      callApi(isNew ? buyers.approveNewBuyer : buyers.approveBuyerChange, { body }),
    { invalidates: [BUYERS] },
  );
}

/** The delivery point as it is now, for a form whose save found it changed. */
export async function fetchBuyerWarehouse(warehouse: BuyerWarehouse): Promise<BuyerWarehouse | undefined> {
  const all = await unwrap(callApi(buyers.listBuyerWarehouses, { query: { buyerId: warehouse.buyerId } }));
  return all.find((row) => row.id === warehouse.id);
}

export function useSaveBuyerWarehouse() {
  return useApiMutation(createOrUpdateOf(buyers.createBuyerWarehouse, buyers.updateBuyerWarehouse), {
    invalidates: [BUYERS],
  });
}
