import * as operations from '@mandira/contract/operations/fleet';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { createDriver, listDrivers, updateDriver } from './drivers.service.ts';
import { createVehicle, listAvailableVehicles, listVehicles, updateVehicle } from './vehicles.service.ts';

/**
 * Vehicles and drivers are reference lists of the shipment form and of the vehicle planning modal
 * (docs/domain/access.md: a reference list is open to every screen that shows it); writing them is the
 * fleet's.
 */
export function fleetRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    route(app, operations.listFleetVehicles, async () => ok(await listVehicles(db)));
    route(app, operations.listAvailableFleetVehicles, async () => ok(await listAvailableVehicles(db)));
    route(app, operations.createFleetVehicle, async (req) =>
      ok(await db.transaction((tx) => createVehicle(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateFleetVehicle, async (req) =>
      ok(await db.transaction((tx) => updateVehicle(tx, actorOf(req), req.body))),
    );

    route(app, operations.listFleetDrivers, async () => ok(await listDrivers(db)));
    route(app, operations.createFleetDriver, async (req) =>
      ok(await db.transaction((tx) => createDriver(tx, actorOf(req), req.body))),
    );
    route(app, operations.updateFleetDriver, async (req) =>
      ok(await db.transaction((tx) => updateDriver(tx, actorOf(req), req.body))),
    );
  };
}
