import {
  CreateWarehouseBody,
  StockCountBody,
  StockCountBulkBody,
  StockExportBody,
  StockExportBulkBody,
  StockHistoryQuery,
  StockImportBody,
  StockImportBulkBody,
  StockListQuery,
} from '@mandira/contract/stock';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
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
import { countWarehouses, createWarehouse, listWarehouseNames, listWarehouses } from './warehouse.service.ts';

/** The stock calls take either method: both POST and PUT are accepted (docs/domain/stock.md). */
const WRITE = ['POST', 'PUT'];

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

    app.route({
      method: WRITE,
      url: '/product-item/stock-import',
      schema: { tags, body: StockImportBody },
      config: goods,
      handler: async (req) => ok(await receiveGoodsOnLine(db, actorOf(req), req.body)),
    });
    app.route({
      method: WRITE,
      url: '/product-item/stock-export',
      schema: { tags, body: StockExportBody },
      config: goods,
      handler: async (req) => ok(await shipGoodsFromLine(db, actorOf(req), req.body)),
    });
    app.route({
      method: WRITE,
      url: '/product-item/stock',
      schema: { tags, body: StockCountBody },
      config: counting,
      handler: async (req) => ok(await countStockLine(db, actorOf(req), req.body)),
    });
    app.route({
      method: WRITE,
      url: '/product-item/stock-import-bulk',
      schema: { tags, body: StockImportBulkBody, querystring: StockListQuery },
      config: goods,
      handler: async (req) => ok(await receiveGoods(db, actorOf(req), req.body.stockChange, req.query)),
    });
    app.route({
      method: WRITE,
      url: '/product-item/stock-export-bulk',
      schema: { tags, body: StockExportBulkBody, querystring: StockListQuery },
      config: goods,
      handler: async (req) => ok(await shipGoods(db, actorOf(req), req.body.stockChange, req.query)),
    });
    app.route({
      method: WRITE,
      url: '/product-item/stock-bulk',
      schema: { tags, body: StockCountBulkBody, querystring: StockListQuery },
      config: counting,
      handler: async (req) => ok(await countStock(db, actorOf(req), req.body.updatedStocks, req.query)),
    });
    app.get(
      '/product-item/stock-history',
      { schema: { tags, querystring: StockHistoryQuery }, config: readingStock },
      async (req, reply) => {
        const history = await listStockHistory(db, req.query);
        return ok('page' in history ? history : boundedAnswer(reply, history));
      },
    );

    const warehouseTags = ['Depolar'];
    // The own warehouses are also the reference list of the shipment form's origin (decision 73).
    app.get(
      '/warehouses',
      {
        schema: { tags: warehouseTags },
        config: { access: ['WAREHOUSE_MANAGEMENT', 'SHIPMENT_MANAGEMENT'] },
      },
      async () => ok(await listWarehouses(db)),
    );
    app.post(
      '/warehouses',
      {
        schema: { tags: warehouseTags, body: CreateWarehouseBody },
        config: { access: 'WAREHOUSE_MANAGEMENT' },
      },
      async (req) => ok(await db.transaction((tx) => createWarehouse(tx, actorOf(req), req.body))),
    );
    app.get(
      '/warehouses/names',
      { schema: { tags: warehouseTags }, config: readingWarehouseNames },
      async () => ok(await listWarehouseNames(db)),
    );
    app.get(
      '/dashboard/warehouse-count',
      { schema: { tags: warehouseTags }, config: { access: 'DASHBOARD' } },
      async () => ok(await countWarehouses(db)),
    );
  };
}
