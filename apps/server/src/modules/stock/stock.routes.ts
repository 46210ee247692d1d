import { ProductItem } from '@mandira/contract/products';
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
} from '@mandira/contract/stock';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { boundedAnswer } from '../../http/unpaged-limit.ts';
import { listStockHistory } from './stock-history.service.ts';
import {
  countStock,
  countStockLine,
  receiveGoods,
  receiveGoodsOnLine,
  shipGoods,
  shipGoodsFromLine,
} from './stock-movement.service.ts';
import {
  countStockedItems,
  countWarehouses,
  createWarehouse,
  listWarehouseNames,
  listWarehouses,
} from './warehouse.service.ts';

/** The stock calls take either method: both POST and PUT are accepted (docs/domain/stock.md). */
const WRITE = ['POST', 'PUT'] as const;

/**
 * Each method is registered as its own route, so the API document has two operations, each with its
 * own operationId (`receiveStockGoods`, `receiveStockGoodsPut`): registered once for both methods,
 * the document's two entries share one operation object and cannot be named apart.
 */
const operationOf = (method: (typeof WRITE)[number]) => (summary: string, operationId: string) =>
  method === 'POST'
    ? { summary, operationId }
    : { summary: `${summary} (POST ile aynı)`, operationId: `${operationId}Put` };

/** Who may count: the stock screen and the goods screen both have a count modal. */
const counting = { access: ['STOCK_MANAGEMENT', 'GOODS_IN_OUT'] } as const;
const goods = { access: 'GOODS_IN_OUT' } as const;
/** Stock history is open to every signed-in user, like its screen (decision 104). */
const readingStock = { access: 'AUTH_ANY_ROLE' } as const;
/** The list of stock locations: a reference list, and a filter of the stock history every user reads. */
const readingWarehouseNames = { access: 'AUTH_ANY_ROLE' } as const;

export function stockRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Stok'];

    for (const method of WRITE) {
      const named = operationOf(method);
      app.route({
        method,
        url: '/product-item/stock-import',
        schema: {
          tags,
          ...named('Stok satırına mal girişi yapar', 'receiveStockLineGoods'),
          body: StockImportBody,
          response: answers(ProductItem, 404, 422),
        },
        config: goods,
        handler: async (req) => ok(await receiveGoodsOnLine(db, actorOf(req), req.body)),
      });
      app.route({
        method,
        url: '/product-item/stock-export',
        schema: {
          tags,
          ...named('Stok satırından mal çıkışı yapar', 'shipStockLineGoods'),
          body: StockExportBody,
          response: answers(ProductItem, 404, 409),
        },
        config: goods,
        handler: async (req) => ok(await shipGoodsFromLine(db, actorOf(req), req.body)),
      });
      app.route({
        method,
        url: '/product-item/stock',
        schema: {
          tags,
          ...named('Stok satırının sayımını kaydeder', 'countStockLine'),
          body: StockCountBody,
          response: answers(ProductItem, 404, 409),
        },
        config: counting,
        handler: async (req) => ok(await countStockLine(db, actorOf(req), req.body)),
      });
      app.route({
        method,
        url: '/product-item/stock-import-bulk',
        schema: {
          tags,
          ...named('Birden çok stok satırına mal girişi yapar', 'receiveStockGoods'),
          body: StockImportBulkBody,
          querystring: StockListQuery,
          response: answers(StockItemList, 404, 422),
        },
        config: goods,
        handler: async (req) => ok(await receiveGoods(db, actorOf(req), req.body.stockChange, req.query)),
      });
      app.route({
        method,
        url: '/product-item/stock-export-bulk',
        schema: {
          tags,
          ...named('Birden çok stok satırından mal çıkışı yapar', 'shipStockGoods'),
          body: StockExportBulkBody,
          querystring: StockListQuery,
          response: answers(StockItemList, 404, 409),
        },
        config: goods,
        handler: async (req) => ok(await shipGoods(db, actorOf(req), req.body.stockChange, req.query)),
      });
      app.route({
        method,
        url: '/product-item/stock-bulk',
        schema: {
          tags,
          ...named('Birden çok stok satırının sayımını kaydeder', 'countStockLines'),
          body: StockCountBulkBody,
          querystring: StockListQuery,
          response: answers(StockItemList, 404, 409),
        },
        config: counting,
        handler: async (req) => ok(await countStock(db, actorOf(req), req.body.updatedStocks, req.query)),
      });
    }
    app.get(
      '/product-item/stock-history',
      {
        schema: {
          tags,
          summary: 'Stok hareketlerinin geçmişini listeler',
          description:
            'Newest first. Without `page` and `size` an array of the newest rows, at most the unpaged limit: `X-Total-Count` says how many matched, `X-Unpaged-Limit` is sent when the array holds fewer. With either, one page.',
          operationId: 'listStockHistory',
          querystring: StockHistoryQuery,
          response: answers(StockHistoryList),
        },
        config: readingStock,
      },
      async (req, reply) => {
        const history = await listStockHistory(db, req.query);
        return ok('page' in history ? history : boundedAnswer(reply, history));
      },
    );

    // The own warehouses are also the reference list of the shipment form's origin (decision 73).
    app.get(
      '/warehouses',
      {
        schema: {
          tags,
          summary: 'Depoları doluluk oranlarıyla listeler',
          operationId: 'listOwnWarehouses',
          response: answers(WarehouseList),
        },
        config: { access: ['WAREHOUSE_MANAGEMENT', 'SHIPMENT_MANAGEMENT'] },
      },
      async () => ok(await listWarehouses(db)),
    );
    app.post(
      '/warehouses',
      {
        schema: {
          tags,
          summary: 'Depo tanımlar',
          description:
            'The new warehouse is the stock location DEPO{id}; every item gets a stock line in it.',
          operationId: 'createOwnWarehouse',
          body: CreateWarehouseBody,
          response: answers(Warehouse),
        },
        config: { access: 'WAREHOUSE_MANAGEMENT' },
      },
      async (req) => ok(await db.transaction((tx) => createWarehouse(tx, actorOf(req), req.body))),
    );
    app.get(
      '/warehouses/names',
      {
        schema: {
          tags,
          summary: 'Depoların kod ve adlarını listeler',
          operationId: 'listOwnWarehouseNames',
          response: answers(WarehouseNameList),
        },
        config: readingWarehouseNames,
      },
      async () => ok(await listWarehouseNames(db)),
    );
    app.get(
      '/dashboard/warehouse-count',
      {
        schema: {
          tags,
          summary: 'Depo sayısını verir',
          operationId: 'countOwnWarehouses',
          response: answers(WarehouseCount),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countWarehouses(db)),
    );
    app.get(
      '/dashboard/stocked-item-count',
      {
        schema: {
          tags,
          summary: 'Stoğu olan ürün sayısını verir',
          operationId: 'countStockedItems',
          response: answers(StockedItemCount),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countStockedItems(db)),
    );
  };
}
