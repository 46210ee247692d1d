import { type Operation, operation } from '../operation.ts';
import { ProductItem } from '../products.ts';
import {
  CreateWarehouseBody,
  StockCountBody,
  StockCountBulkBody,
  StockExportBody,
  StockExportBulkBody,
  StockedItemCount,
  StockHistoryList,
  StockHistoryQuery,
  StockImportBody,
  StockImportBulkBody,
  StockItemList,
  StockListQuery,
  Warehouse,
  WarehouseCount,
  WarehouseList,
  WarehouseNameList,
} from '../stock.ts';

// Goods in and out, counts, the history of the movements and the own warehouses.
const tags = ['Stok'];
/** Who may count: the stock screen and the goods screen both have a count modal. */
const counting = ['STOCK_MANAGEMENT', 'GOODS_IN_OUT'] as const;
const goods = 'GOODS_IN_OUT';

/**
 * The stock calls take either method (docs/domain/stock.md): each movement is declared for POST and,
 * as its own operation, for PUT, so the API document names the two apart (`receiveStockGoods`,
 * `receiveStockGoodsPut`); one route for both methods would share one operation object.
 */
function alsoByPut<const O extends Operation & { method: 'POST' }>(post: O) {
  return operation({
    ...post,
    operationId: `${post.operationId as O['operationId']}Put`,
    method: 'PUT',
    summary: `${post.summary} (POST ile aynı)`,
  });
}

export const receiveStockLineGoods = operation({
  operationId: 'receiveStockLineGoods',
  method: 'POST',
  path: '/product-item/stock-import',
  tags,
  summary: 'Stok satırına mal girişi yapar',
  access: goods,
  body: StockImportBody,
  answer: ProductItem,
  errors: [404, 422],
});

export const shipStockLineGoods = operation({
  operationId: 'shipStockLineGoods',
  method: 'POST',
  path: '/product-item/stock-export',
  tags,
  summary: 'Stok satırından mal çıkışı yapar',
  access: goods,
  body: StockExportBody,
  answer: ProductItem,
  errors: [404, 409],
});

export const countStockLine = operation({
  operationId: 'countStockLine',
  method: 'POST',
  path: '/product-item/stock',
  tags,
  summary: 'Stok satırının sayımını kaydeder',
  access: counting,
  body: StockCountBody,
  answer: ProductItem,
  errors: [404, 409],
});

export const receiveStockGoods = operation({
  operationId: 'receiveStockGoods',
  method: 'POST',
  path: '/product-item/stock-import-bulk',
  tags,
  summary: 'Birden çok stok satırına mal girişi yapar',
  access: goods,
  query: StockListQuery,
  body: StockImportBulkBody,
  answer: StockItemList,
  errors: [404, 422],
});

export const shipStockGoods = operation({
  operationId: 'shipStockGoods',
  method: 'POST',
  path: '/product-item/stock-export-bulk',
  tags,
  summary: 'Birden çok stok satırından mal çıkışı yapar',
  access: goods,
  query: StockListQuery,
  body: StockExportBulkBody,
  answer: StockItemList,
  errors: [404, 409],
});

export const countStockLines = operation({
  operationId: 'countStockLines',
  method: 'POST',
  path: '/product-item/stock-bulk',
  tags,
  summary: 'Birden çok stok satırının sayımını kaydeder',
  access: counting,
  query: StockListQuery,
  body: StockCountBulkBody,
  answer: StockItemList,
  errors: [404, 409],
});

export const receiveStockLineGoodsPut = alsoByPut(receiveStockLineGoods);
export const shipStockLineGoodsPut = alsoByPut(shipStockLineGoods);
export const countStockLinePut = alsoByPut(countStockLine);
export const receiveStockGoodsPut = alsoByPut(receiveStockGoods);
export const shipStockGoodsPut = alsoByPut(shipStockGoods);
export const countStockLinesPut = alsoByPut(countStockLines);

/** Stock history is open to every signed-in user, like its screen (decision 104). */
export const listStockHistory = operation({
  operationId: 'listStockHistory',
  method: 'GET',
  path: '/product-item/stock-history',
  tags,
  summary: 'Stok hareketlerinin geçmişini listeler',
  description:
    'Newest first. Without `page` and `size` an array of the newest rows, at most the unpaged limit: `X-Total-Count` says how many matched, `X-Unpaged-Limit` is sent when the array holds fewer. With either, one page.',
  access: 'AUTH_ANY_ROLE',
  query: StockHistoryQuery,
  answer: StockHistoryList,
});

/** The own warehouses are also the reference list of the shipment form's origin (decision 73). */
export const listOwnWarehouses = operation({
  operationId: 'listOwnWarehouses',
  method: 'GET',
  path: '/warehouses',
  tags,
  summary: 'Depoları doluluk oranlarıyla listeler',
  access: ['WAREHOUSE_MANAGEMENT', 'SHIPMENT_MANAGEMENT'],
  answer: WarehouseList,
});

export const createOwnWarehouse = operation({
  operationId: 'createOwnWarehouse',
  method: 'POST',
  path: '/warehouses',
  tags,
  summary: 'Depo tanımlar',
  description: 'The new warehouse is the stock location DEPO{id}; every item gets a stock line in it.',
  access: 'WAREHOUSE_MANAGEMENT',
  body: CreateWarehouseBody,
  answer: Warehouse,
});

/** The list of stock locations: a reference list, and a filter of the stock history every user reads. */
export const listOwnWarehouseNames = operation({
  operationId: 'listOwnWarehouseNames',
  method: 'GET',
  path: '/warehouses/names',
  tags,
  summary: 'Depoların kod ve adlarını listeler',
  access: 'AUTH_ANY_ROLE',
  answer: WarehouseNameList,
});

export const countOwnWarehouses = operation({
  operationId: 'countOwnWarehouses',
  method: 'GET',
  path: '/dashboard/warehouse-count',
  tags,
  summary: 'Depo sayısını verir',
  access: 'DASHBOARD',
  answer: WarehouseCount,
});

export const countStockedItems = operation({
  operationId: 'countStockedItems',
  method: 'GET',
  path: '/dashboard/stocked-item-count',
  tags,
  summary: 'Stoğu olan ürün sayısını verir',
  access: 'DASHBOARD',
  answer: StockedItemCount,
});
