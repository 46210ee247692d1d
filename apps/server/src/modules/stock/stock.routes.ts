import * as operations from '@mandira/contract/operations/stock';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
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

/** The stock calls take either method: each movement is declared for POST and for PUT (docs/domain/stock.md). */
const MOVEMENTS = [
  {
    line: [operations.receiveStockLineGoods, operations.shipStockLineGoods, operations.countStockLine],
    bulk: [operations.receiveStockGoods, operations.shipStockGoods, operations.countStockLines],
  },
  {
    line: [
      operations.receiveStockLineGoodsPut,
      operations.shipStockLineGoodsPut,
      operations.countStockLinePut,
    ],
    bulk: [operations.receiveStockGoodsPut, operations.shipStockGoodsPut, operations.countStockLinesPut],
  },
] as const;

export function stockRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    for (const { line, bulk } of MOVEMENTS) {
      const [receiveOnLine, shipFromLine, countLine] = line;
      const [receive, ship, count] = bulk;
      route(app, receiveOnLine, async (req) => ok(await receiveGoodsOnLine(db, actorOf(req), req.body)));
      route(app, shipFromLine, async (req) => ok(await shipGoodsFromLine(db, actorOf(req), req.body)));
      route(app, countLine, async (req) => ok(await countStockLine(db, actorOf(req), req.body)));
      route(app, receive, async (req) =>
        ok(await receiveGoods(db, actorOf(req), req.body.stockChange, req.query)),
      );
      route(app, ship, async (req) => ok(await shipGoods(db, actorOf(req), req.body.stockChange, req.query)));
      route(app, count, async (req) =>
        ok(await countStock(db, actorOf(req), req.body.updatedStocks, req.query)),
      );
    }
    route(app, operations.listStockHistory, async (req, reply) => {
      const history = await listStockHistory(db, req.query);
      return ok('page' in history ? history : boundedAnswer(reply, history));
    });

    route(app, operations.listOwnWarehouses, async () => ok(await listWarehouses(db)));
    route(app, operations.createOwnWarehouse, async (req) =>
      ok(await db.transaction((tx) => createWarehouse(tx, actorOf(req), req.body))),
    );
    route(app, operations.listOwnWarehouseNames, async () => ok(await listWarehouseNames(db)));
    route(app, operations.countOwnWarehouses, async () => ok(await countWarehouses(db)));
    route(app, operations.countStockedItems, async () => ok(await countStockedItems(db)));
  };
}
