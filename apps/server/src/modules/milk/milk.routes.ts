import { MILK_DELIVERIES_DEFAULT_DAYS } from '@mandira/contract/milk';
import * as operations from '@mandira/contract/operations/milk';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { withDefaultRange } from '../../http/default-range.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { pageOrBounded } from '../../http/unpaged-limit.ts';
import {
  correctMilkDelivery,
  getMilkDelivery,
  listMilkDeliveries,
  recordMilkDelivery,
} from './milk-delivery.service.ts';
import { createMilkDriver, getMilkDriver, listMilkDrivers, updateMilkDriver } from './milk-driver.service.ts';
import { milkCollectionSummary } from './milk-summary.service.ts';
import {
  createMilkVehicle,
  getMilkVehicle,
  listMilkVehicles,
  updateMilkVehicle,
} from './milk-vehicle.service.ts';

export function milkRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    route(app, operations.listMilkVehicles, async () => ok(await listMilkVehicles(db)));
    route(app, operations.getMilkVehicle, async (req) => ok(await getMilkVehicle(db, req.params.id)));
    route(app, operations.createMilkVehicle, async (req) =>
      ok(await db.transaction((tx) => createMilkVehicle(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateMilkVehicle, async (req) =>
      ok(await db.transaction((tx) => updateMilkVehicle(tx, actorOf(req), req.body))),
    );

    route(app, operations.listMilkDrivers, async () => ok(await listMilkDrivers(db)));
    route(app, operations.getMilkDriver, async (req) => ok(await getMilkDriver(db, req.params.id)));
    route(app, operations.createMilkDriver, async (req) =>
      ok(await db.transaction((tx) => createMilkDriver(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateMilkDriver, async (req) =>
      ok(await db.transaction((tx) => updateMilkDriver(tx, actorOf(req), req.body))),
    );

    route(app, operations.listMilkDeliveries, async (req, reply) =>
      ok(
        pageOrBounded(
          reply,
          await listMilkDeliveries(db, withDefaultRange(reply, req.query, MILK_DELIVERIES_DEFAULT_DAYS)),
        ),
      ),
    );
    route(app, operations.getMilkDelivery, async (req) => ok(await getMilkDelivery(db, req.params.id)));
    route(app, operations.createMilkDelivery, async (req) =>
      ok(await db.transaction((tx) => recordMilkDelivery(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateMilkDelivery, async (req) =>
      ok(await db.transaction((tx) => correctMilkDelivery(tx, actorOf(req), req.body))),
    );
    route(app, operations.getMilkSummary, async (req) => ok(await milkCollectionSummary(db, req.query)));
  };
}
