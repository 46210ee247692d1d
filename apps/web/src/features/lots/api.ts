import type { LotSummary } from '@mandira/contract/lots-answers';
import * as lots from '@mandira/contract/operations/lots';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, fileOf, unwrap } from '../../api/client.ts';
import { STOCK_KEY } from '../../api/orders.ts';
import { operationQuery } from '../../api/query.ts';

/** The own warehouses' names, the warehouse filter's choices (any signed-in user reads them). */
export { useWarehouseNames } from '../../api/warehouses.ts';

// Under the stock prefix: a movement or a load announces 'stock', which reads the lots and traces again.
const LOTS = [...STOCK_KEY, 'lots'] as const;

/** The list's filters, as the URL carries them (a work card opens the screen with one of them set). */
export type LotFilters = {
  productItemId?: number;
  warehouseId?: number;
  expiringWithinDays?: number;
  expired?: boolean;
  inStock?: boolean;
};

export const LOTS_PAGE = 50;

/** One page of lots in FEFO order (`listLots`), searched on the server by lot code or item. */
export function useLotPage(filters: LotFilters, q: string, page: number) {
  return useQuery({
    ...operationQuery(LOTS, lots.listLots, { query: { ...filters, q, page, size: LOTS_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** Every lot of the filters and search, page by page, for the Excel file. */
export async function allLots(filters: LotFilters, q: string): Promise<LotSummary[]> {
  const rows: LotSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await unwrap(callApi(lots.listLots, { query: { ...filters, q, page, size: 200 } }));
    rows.push(...answer.lots);
    if (page >= answer.totalPages) return rows;
  }
}

export function useLotTrace(lotId: number | undefined) {
  return useQuery({
    // Without a lot the query stays disabled, so it is never sent.
    ...operationQuery(LOTS, lots.traceLot, { params: { id: lotId as number } }),
    enabled: lotId !== undefined,
  });
}

/** The recall list PDF (`downloadLotRecallList`), fetched with the auth token. */
export const recallListPdf = (lotId: number) => fileOf(lots.downloadLotRecallList, { params: { id: lotId } });
