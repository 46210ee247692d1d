import {
  CreateMilkDeliveryBody,
  CreateMilkDriverBody,
  CreateMilkVehicleBody,
  MILK_DELIVERIES_DEFAULT_DAYS,
  MilkDeliveryQuery,
  MilkIdParams,
  MilkSummaryQuery,
  UpdateMilkDeliveryBody,
  UpdateMilkDriverBody,
  UpdateMilkVehicleBody,
} from '@mandira/contract/milk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { withDefaultRange } from '../../http/default-range.ts';
import { ok } from '../../http/envelope.ts';
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

const BASE = '/production/milk-delivery';

/**
 * Vehicles and drivers are also the reference lists of the delivery screen's selects (a reference list
 * is open to every screen that shows it, docs/domain/access.md), so reading them takes either privilege.
 */
const readVehicles = { config: { access: ['MILK_VEHICLE_MANAGEMENT', 'MILK_DELIVERY_MANAGEMENT'] } } as const;
const readDrivers = { config: { access: ['MILK_DRIVER_MANAGEMENT', 'MILK_DELIVERY_MANAGEMENT'] } } as const;

export function milkRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Süt toplama'];

    const vehicles = { access: 'MILK_VEHICLE_MANAGEMENT' } as const;
    app.get(`${BASE}/vehicles`, { schema: { tags }, ...readVehicles }, async () =>
      ok(await listMilkVehicles(db)),
    );
    app.get(
      `${BASE}/vehicles/:id`,
      { schema: { tags, params: MilkIdParams }, ...readVehicles },
      async (req) => ok(await getMilkVehicle(db, req.params.id)),
    );
    app.post(
      `${BASE}/vehicles`,
      { schema: { tags, body: CreateMilkVehicleBody }, config: vehicles },
      async (req) => ok(await db.transaction((tx) => createMilkVehicle(tx, actorOf(req), req.body))),
    );
    app.put(
      `${BASE}/vehicles`,
      { schema: { tags, body: UpdateMilkVehicleBody }, config: vehicles },
      async (req) => ok(await db.transaction((tx) => updateMilkVehicle(tx, actorOf(req), req.body))),
    );

    const drivers = { access: 'MILK_DRIVER_MANAGEMENT' } as const;
    app.get(`${BASE}/drivers`, { schema: { tags }, ...readDrivers }, async () =>
      ok(await listMilkDrivers(db)),
    );
    app.get(`${BASE}/drivers/:id`, { schema: { tags, params: MilkIdParams }, ...readDrivers }, async (req) =>
      ok(await getMilkDriver(db, req.params.id)),
    );
    app.post(
      `${BASE}/drivers`,
      { schema: { tags, body: CreateMilkDriverBody }, config: drivers },
      async (req) => ok(await db.transaction((tx) => createMilkDriver(tx, actorOf(req), req.body))),
    );
    app.put(
      `${BASE}/drivers`,
      { schema: { tags, body: UpdateMilkDriverBody }, config: drivers },
      async (req) => ok(await db.transaction((tx) => updateMilkDriver(tx, actorOf(req), req.body))),
    );

    const deliveries = { access: 'MILK_DELIVERY_MANAGEMENT' } as const;
    app.get(
      `${BASE}/deliveries`,
      { schema: { tags, querystring: MilkDeliveryQuery }, config: deliveries },
      async (req, reply) =>
        ok(await listMilkDeliveries(db, withDefaultRange(reply, req.query, MILK_DELIVERIES_DEFAULT_DAYS))),
    );
    app.get(
      `${BASE}/deliveries/:id`,
      { schema: { tags, params: MilkIdParams }, config: deliveries },
      async (req) => ok(await getMilkDelivery(db, req.params.id)),
    );
    app.post(
      `${BASE}/deliveries`,
      { schema: { tags, body: CreateMilkDeliveryBody }, config: deliveries },
      async (req) => ok(await db.transaction((tx) => recordMilkDelivery(tx, actorOf(req), req.body))),
    );
    app.put(
      `${BASE}/deliveries`,
      { schema: { tags, body: UpdateMilkDeliveryBody }, config: deliveries },
      async (req) => ok(await db.transaction((tx) => correctMilkDelivery(tx, actorOf(req), req.body))),
    );
    app.get(
      `${BASE}/summary`,
      { schema: { tags, querystring: MilkSummaryQuery }, config: deliveries },
      async (req) => ok(await milkCollectionSummary(db, req.query)),
    );
  };
}
