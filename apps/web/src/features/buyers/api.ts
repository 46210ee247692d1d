import type {
  ApproveBuyerBody,
  Buyer,
  BuyerSyncResult,
  BuyerWarehouse,
  CreateBuyerBody,
  CreateBuyerWarehouseBody,
  PendingBuyer,
  PendingBuyerPage,
  UpdateBuyerBody,
  UpdateBuyerWarehouseBody,
} from '@mandira/contract/buyers';
import { PENDING_BUYER_PAGE_SIZE } from '@mandira/contract/buyers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BUYERS_KEY as BUYERS } from '../../api/buyers.ts';
import { createOrUpdate, get, post, put, queryString, unwrap } from '../../api/client.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';

// Buyers, the approval queue and the warehouses show one another's data (titles, isNew, changes),
// so every write reloads everything under this key (the shared lists of `api/buyers.ts` included).
const PENDING = [...BUYERS, 'pending'] as const;

export function useSaveBuyer() {
  return useApiMutation(createOrUpdate<CreateBuyerBody | UpdateBuyerBody, Buyer>('/buyers'), {
    invalidates: [BUYERS],
  });
}

/** One buyer as it is now, for a form whose save found the buyer changed (`lib/forms/stale-record.tsx`). */
export async function fetchBuyer(id: number): Promise<Buyer | undefined> {
  return (await unwrap(get<Buyer[]>('/buyers'))).find((buyer) => buyer.id === id);
}

export function useSynchronizeBuyers() {
  return useApiMutation(() => get<BuyerSyncResult>('/buyers/sync-external-buyers'), {
    invalidates: [BUYERS],
  });
}

export function usePendingBuyers(isNew: boolean, page: number) {
  const query = { isNew, page, size: PENDING_BUYER_PAGE_SIZE };
  return useQuery({
    ...apiQuery<PendingBuyerPage>([...PENDING, 'page', query], `/pending-buyer${queryString(query)}`),
    // The old page stays on screen until the next one arrives, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

export function usePendingBuyer(id: number | undefined) {
  return useQuery({
    ...apiQuery<PendingBuyer>([...PENDING, 'one', id], `/pending-buyer/${id}`),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** A new pending buyer is approved by creating it (POST), a changed one by updating (PUT). */
export function useApproveBuyer() {
  return useApiMutation(
    ({ isNew, body }: { isNew: boolean; body: ApproveBuyerBody }) =>
      isNew ? post<Buyer>('/buyers/approve', body) : put<Buyer>('/buyers/approve', body),
    { invalidates: [BUYERS] },
  );
}

/** The delivery point as it is now, for a form whose save found it changed. */
export async function fetchBuyerWarehouse(warehouse: BuyerWarehouse): Promise<BuyerWarehouse | undefined> {
  const all = await unwrap(
    get<BuyerWarehouse[]>(`/buyers/warehouses${queryString({ buyerId: warehouse.buyerId })}`),
  );
  return all.find((row) => row.id === warehouse.id);
}

export function useSaveBuyerWarehouse() {
  return useApiMutation(
    createOrUpdate<CreateBuyerWarehouseBody | UpdateBuyerWarehouseBody, BuyerWarehouse>('/buyers/warehouses'),
    { invalidates: [BUYERS] },
  );
}
