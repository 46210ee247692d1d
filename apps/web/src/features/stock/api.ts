import type { OperationBody } from '@mandira/contract/operation';
import * as productItems from '@mandira/contract/operations/product-items';
import * as stock from '@mandira/contract/operations/stock';
import type { ProductItem } from '@mandira/contract/products';
import type {
  StockAction,
  StockCountBulkBody,
  StockExportBulkBody,
  StockHistoryEntry,
  StockImportBulkBody,
} from '@mandira/contract/stock';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asPage, asRows } from '../../api/answer-shape.ts';
import { fetchBounded } from '../../api/bounded.ts';
import { type ApiRequestError, callApi, unwrap } from '../../api/client.ts';
import { readLogOf } from '../../api/live/read-log.ts';
import { productItemQuery } from '../../api/product-item.ts';
import { productItemPage } from '../../api/product-item-pages.ts';
import { operationKey, operationQuery, useApiMutation } from '../../api/query.ts';
import { OWN_WAREHOUSES_KEY } from '../../api/warehouses.ts';
import { rowsNoticingCut } from '../../lib/pages/cut-notice.ts';

/** The own warehouses' names, the warehouse filter's choices. */
export { useWarehouseNames } from '../../api/warehouses.ts';

// Every stock screen reads under this key; a movement changes items, history and occupancy alike.
const STOCK = ['stock'] as const;
const ITEMS = [...STOCK, 'items'] as const;
const HISTORY = [...STOCK, 'history'] as const;

/** The three filters of the item list; '' means all. */
export type ItemFilters = { packagingGroup: string; warehouseStockType: string; warehouseName: string };
export const NO_FILTERS: ItemFilters = { packagingGroup: '', warehouseStockType: '', warehouseName: '' };

/** One page of the items under the filters and the search, by stock code (decision 116). */
export function useStockItemPage(filters: ItemFilters, q: string, page: number) {
  return useQuery({
    ...operationQuery(ITEMS, productItems.listProductItems, productItemPage({ ...filters, q }, page)),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

/** One item with its stock lines and every lot; nothing is read until an item is named. */
export function useStockItem(id: number | undefined) {
  return useQuery({ ...productItemQuery(id), enabled: id !== undefined });
}

export function usePackagingGroups() {
  return useQuery(operationQuery(STOCK, productItems.listProductItemPackagingGroups));
}

export function useWarehouseStockTypes() {
  return useQuery(operationQuery(STOCK, productItems.listProductItemWarehouseStockTypes));
}

export function useCreateWarehouse() {
  // A new warehouse is a new stock location: the stock tables gain a column and every item a line.
  return useApiMutation(
    (body: OperationBody<typeof stock.createOwnWarehouse>) => callApi(stock.createOwnWarehouse, { body }),
    { invalidates: [STOCK] },
  );
}

/** The history filters; dates are Istanbul days 'YYYY-MM-DD'. */
export type HistoryFilters = {
  productItemId?: number;
  /** One lot of the chosen item. */
  lotId?: number;
  warehouseId?: number;
  action?: StockAction;
  startDate?: string;
  endDate?: string;
};

/** One page of history, newest first (the server counts and pages in SQL). */
export function useStockHistoryPage(filters: HistoryFilters, page: number, size: number) {
  return useQuery({
    ...operationQuery(HISTORY, stock.listStockHistory, { query: { ...filters, page, size } }),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

/** The Excel file's rows: the newest STOCK_HISTORY_UNPAGED_LIMIT, the user told when there were more. */
export async function exportStockHistory(filters: HistoryFilters): Promise<StockHistoryEntry[]> {
  const bounded = await fetchBounded<StockHistoryEntry>(async (options) => {
    const answer = await callApi(stock.listStockHistory, { query: { ...filters } }, options);
    return answer.success ? { ...answer, data: asRows(answer.data) } : answer;
  });
  return rowsNoticingCut(bounded, 'stok hareketi');
}

/** The three movements of the goods and stock screens, each a bulk call. */
export type StockMovement =
  | { kind: 'import'; body: StockImportBulkBody }
  | { kind: 'export'; body: StockExportBulkBody }
  | { kind: 'count'; body: StockCountBulkBody };

/** A movement sent by PUT (the stock calls take either method), answering the items it moved. */
function sendMovement(movement: StockMovement, query: ItemFilters) {
  switch (movement.kind) {
    case 'import':
      return callApi(stock.receiveStockGoodsPut, { query, body: movement.body });
    case 'export':
      return callApi(stock.shipStockGoodsPut, { query, body: movement.body });
    case 'count':
      return callApi(stock.countStockLinesPut, { query, body: movement.body });
  }
}

/**
 * A movement answers only the items it moved (decision 117): the screen's page, the other pages, the
 * history and the occupancy of the warehouses are read again.
 */
export function useStockMovement(filters: ItemFilters) {
  const queryClient = useQueryClient();
  return useMutation<ProductItem[], ApiRequestError, StockMovement>({
    mutationFn: (movement) => readLogOf(queryClient).write(() => unwrap(sendMovement(movement, filters))),
    // Not awaited: the modal closes on the answer (decision 139).
    onSuccess: () => {
      for (const queryKey of [ITEMS, HISTORY, operationKey(OWN_WAREHOUSES_KEY, stock.listOwnWarehouses)])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
