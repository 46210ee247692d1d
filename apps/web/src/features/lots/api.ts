import type { LotPage, LotSummary, LotTrace } from '@mandira/contract/lots-answers';
import type { WarehouseName } from '@mandira/contract/stock';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, getFile, queryString, unwrap } from '../../api/client.ts';
import { STOCK_KEY } from '../../api/orders.ts';
import { apiQuery } from '../../api/query.ts';
import { OWN_WAREHOUSES_KEY } from '../../api/warehouses.ts';

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

/** One page of lots in FEFO order (`GET /lots`), searched on the server by lot code or item. */
export function useLotPage(filters: LotFilters, q: string, page: number) {
  return useQuery({
    ...apiQuery<LotPage>(
      [...LOTS, 'page', filters, q, page],
      `/lots${queryString({ ...filters, q, page, size: LOTS_PAGE })}`,
    ),
    placeholderData: keepPreviousData,
  });
}

/** Every lot of the filters and search, page by page, for the Excel file. */
export async function allLots(filters: LotFilters, q: string): Promise<LotSummary[]> {
  const rows: LotSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await unwrap(get<LotPage>(`/lots${queryString({ ...filters, q, page, size: 200 })}`));
    rows.push(...answer.lots);
    if (page >= answer.totalPages) return rows;
  }
}

export function useLotTrace(lotId: number | undefined) {
  return useQuery({
    ...apiQuery<LotTrace>([...LOTS, 'trace', lotId], `/lots/${lotId}/trace`),
    enabled: lotId !== undefined,
  });
}

/** The recall list PDF (`GET /lots/{id}/trace.pdf`), fetched with the auth token. */
export const recallListPdf = (lotId: number) => getFile(`/lots/${lotId}/trace.pdf`);

/** The own warehouses' names, the warehouse filter's choices (any signed-in user reads them). */
export function useWarehouseNames() {
  return useQuery(apiQuery<WarehouseName[]>([...OWN_WAREHOUSES_KEY, 'names'], '/warehouses/names'));
}
