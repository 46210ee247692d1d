import type { EnumDescription, ProductItem, ProductItemPage } from '@mandira/contract/products';
import type {
  CreateWarehouseBody,
  StockCountBulkBody,
  StockExportBulkBody,
  StockHistoryEntry,
  StockHistoryPage,
  StockImportBulkBody,
  Warehouse,
  WarehouseName,
} from '@mandira/contract/stock';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBounded } from '../../api/bounded.ts';
import { type ApiRequestError, get, post, put, queryString, unwrap } from '../../api/client.ts';
import { readLogOf } from '../../api/live/read-log.ts';
import { productItemQuery } from '../../api/product-item.ts';
import { productItemPagePath } from '../../api/product-item-pages.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';
import { OWN_WAREHOUSES_KEY } from '../../api/warehouses.ts';
import { rowsNoticingCut } from '../../lib/pages/cut-notice.ts';

// Every stock screen reads under this key; a movement changes items, history and occupancy alike.
const STOCK = ['stock'] as const;
const ITEMS = [...STOCK, 'items'] as const;
const HISTORY = [...STOCK, 'history'] as const;
const WAREHOUSES = OWN_WAREHOUSES_KEY;

/** The three filters of the item list; '' means all. */
export type ItemFilters = { packagingGroup: string; warehouseStockType: string; warehouseName: string };
export const NO_FILTERS: ItemFilters = { packagingGroup: '', warehouseStockType: '', warehouseName: '' };

/** One page of the items under the filters and the search, by stock code (decision 116). */
export function useStockItemPage(filters: ItemFilters, q: string, page: number) {
  return useQuery({
    ...apiQuery<ProductItemPage>(
      [...ITEMS, 'page', filters, q, page],
      productItemPagePath({ ...filters, q }, page),
    ),
    placeholderData: keepPreviousData,
  });
}

/** One item with its stock lines and every lot; nothing is read until an item is named. */
export function useStockItem(id: number | undefined) {
  return useQuery({ ...productItemQuery(id), enabled: id !== undefined });
}

export function usePackagingGroups() {
  return useQuery(apiQuery<string[]>([...STOCK, 'packaging-groups'], '/product-item/packagingGroups'));
}

export function useWarehouseStockTypes() {
  return useQuery(
    apiQuery<EnumDescription[]>([...STOCK, 'warehouse-stock-types'], '/product-item/warehouseStockType'),
  );
}

export function useWarehouseNames() {
  return useQuery(apiQuery<WarehouseName[]>([...WAREHOUSES, 'names'], '/warehouses/names'));
}

export function useCreateWarehouse() {
  // A new warehouse is a new stock location: the stock tables gain a column and every item a line.
  return useApiMutation((body: CreateWarehouseBody) => post<Warehouse>('/warehouses', body), {
    invalidates: [STOCK],
  });
}

/** The history filters; dates are Istanbul days 'YYYY-MM-DD'. */
export type HistoryFilters = {
  productItemId?: number;
  /** One lot of the chosen item. */
  lotId?: number;
  warehouseId?: number;
  action?: string;
  startDate?: string;
  endDate?: string;
};

/** One page of history, newest first (the server counts and pages in SQL). */
export function useStockHistoryPage(filters: HistoryFilters, page: number, size: number) {
  return useQuery({
    ...apiQuery<StockHistoryPage>(
      [...HISTORY, 'page', filters, page, size],
      `/product-item/stock-history${queryString({ ...filters, page, size })}`,
    ),
    placeholderData: keepPreviousData,
  });
}

/** The Excel file's rows: the newest STOCK_HISTORY_UNPAGED_LIMIT, the user told when there were more. */
export async function exportStockHistory(filters: HistoryFilters): Promise<StockHistoryEntry[]> {
  const bounded = await fetchBounded<StockHistoryEntry>((options) =>
    get<StockHistoryEntry[]>(`/product-item/stock-history${queryString({ ...filters })}`, options),
  );
  return rowsNoticingCut(bounded, 'stok hareketi');
}

/** The three movements of the goods and stock screens, each a bulk call. */
export type StockMovement =
  | { kind: 'import'; body: StockImportBulkBody }
  | { kind: 'export'; body: StockExportBulkBody }
  | { kind: 'count'; body: StockCountBulkBody };

const MOVEMENT_PATHS = {
  import: '/product-item/stock-import-bulk',
  export: '/product-item/stock-export-bulk',
  count: '/product-item/stock-bulk',
} as const;

/**
 * A movement answers only the items it moved (decision 117): the screen's page, the other pages, the
 * history and the occupancy of the warehouses are read again.
 */
export function useStockMovement(filters: ItemFilters) {
  const queryClient = useQueryClient();
  return useMutation<ProductItem[], ApiRequestError, StockMovement>({
    mutationFn: (movement) =>
      readLogOf(queryClient).write(() =>
        unwrap(put<ProductItem[]>(`${MOVEMENT_PATHS[movement.kind]}${queryString(filters)}`, movement.body)),
      ),
    // Not awaited: the modal closes on the answer (decision 139).
    onSuccess: () => {
      for (const queryKey of [ITEMS, HISTORY, [...WAREHOUSES, 'list']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
