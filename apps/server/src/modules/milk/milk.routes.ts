import {
  CreateMilkDeliveryBody,
  CreateMilkDriverBody,
  CreateMilkVehicleBody,
  MILK_DELIVERIES_DEFAULT_DAYS,
  MILK_DELIVERIES_UNPAGED_LIMIT,
  MilkDelivery,
  MilkDeliveryPage,
  MilkDeliveryQuery,
  MilkDriver,
  MilkIdParams,
  MilkSummary,
  MilkSummaryQuery,
  MilkVehicle,
  UpdateMilkDeliveryBody,
  UpdateMilkDriverBody,
  UpdateMilkVehicleBody,
} from '@mandira/contract/milk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { withDefaultRange } from '../../http/default-range.ts';
import { ok } from '../../http/envelope.ts';
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
    const plateTaken = 'A vehicle with the same plate (spaces ignored) exists: 409.';
    app.get(
      `${BASE}/vehicles`,
      {
        schema: {
          tags,
          summary: 'Süt araçlarını listeler',
          operationId: 'listMilkVehicles',
          response: answers(z.array(MilkVehicle).describe('Every milk vehicle, by plate.')),
        },
        ...readVehicles,
      },
      async () => ok(await listMilkVehicles(db)),
    );
    app.get(
      `${BASE}/vehicles/:id`,
      {
        schema: {
          tags,
          summary: 'Süt aracını getirir',
          operationId: 'getMilkVehicle',
          params: MilkIdParams,
          response: answers(MilkVehicle, 404),
        },
        ...readVehicles,
      },
      async (req) => ok(await getMilkVehicle(db, req.params.id)),
    );
    app.post(
      `${BASE}/vehicles`,
      {
        schema: {
          tags,
          summary: 'Süt aracı ekler',
          operationId: 'createMilkVehicle',
          description: plateTaken,
          body: CreateMilkVehicleBody,
          response: answers(MilkVehicle, 409),
        },
        config: vehicles,
      },
      async (req) => ok(await db.transaction((tx) => createMilkVehicle(tx, actorOf(req), req.body))),
    );
    app.put(
      `${BASE}/vehicles`,
      {
        schema: {
          tags,
          summary: 'Süt aracını günceller',
          operationId: 'updateMilkVehicle',
          description: plateTaken,
          body: UpdateMilkVehicleBody,
          response: answers(MilkVehicle, 404, 409),
        },
        config: vehicles,
      },
      async (req) => ok(await db.transaction((tx) => updateMilkVehicle(tx, actorOf(req), req.body))),
    );

    const drivers = { access: 'MILK_DRIVER_MANAGEMENT' } as const;
    const nameRequired = 'A name and a surname are required (400 otherwise).';
    app.get(
      `${BASE}/drivers`,
      {
        schema: {
          tags,
          summary: 'Süt aracı şoförlerini listeler',
          operationId: 'listMilkDrivers',
          response: answers(z.array(MilkDriver).describe('Every milk driver, by name and surname.')),
        },
        ...readDrivers,
      },
      async () => ok(await listMilkDrivers(db)),
    );
    app.get(
      `${BASE}/drivers/:id`,
      {
        schema: {
          tags,
          summary: 'Süt aracı şoförünü getirir',
          operationId: 'getMilkDriver',
          params: MilkIdParams,
          response: answers(MilkDriver, 404),
        },
        ...readDrivers,
      },
      async (req) => ok(await getMilkDriver(db, req.params.id)),
    );
    app.post(
      `${BASE}/drivers`,
      {
        schema: {
          tags,
          summary: 'Süt aracı şoförü ekler',
          operationId: 'createMilkDriver',
          description: nameRequired,
          body: CreateMilkDriverBody,
          response: answers(MilkDriver),
        },
        config: drivers,
      },
      async (req) => ok(await db.transaction((tx) => createMilkDriver(tx, actorOf(req), req.body))),
    );
    app.put(
      `${BASE}/drivers`,
      {
        schema: {
          tags,
          summary: 'Süt aracı şoförünü günceller',
          operationId: 'updateMilkDriver',
          description: nameRequired,
          body: UpdateMilkDriverBody,
          response: answers(MilkDriver, 404, 409),
        },
        config: drivers,
      },
      async (req) => ok(await db.transaction((tx) => updateMilkDriver(tx, actorOf(req), req.body))),
    );

    const deliveries = { access: 'MILK_DELIVERY_MANAGEMENT' } as const;
    const deliveryRules =
      '422: the vehicle or the driver does not exist, or the delivery time is more than a day ahead.';
    app.get(
      `${BASE}/deliveries`,
      {
        schema: {
          tags,
          summary: 'Süt teslimatlarını listeler',
          operationId: 'listMilkDeliveries',
          description:
            'Newest first. With `page` or `size`: one page (MilkDeliveryPage) of the range, every day when ' +
            `none is given. Without them: an array of the range, whose missing \`from\` is the ` +
            `${MILK_DELIVERIES_DEFAULT_DAYS} days up to \`to\` (today when not given); the ` +
            '`X-Default-Range` header (`YYYY-MM-DD..YYYY-MM-DD`) then names the days answered. The array holds ' +
            `at most the newest ${MILK_DELIVERIES_UNPAGED_LIMIT} deliveries of the range: \`X-Total-Count\` says how ` +
            'many matched, and `X-Unpaged-Limit` is sent when the array holds fewer.',
          querystring: MilkDeliveryQuery,
          response: answers(z.union([z.array(MilkDelivery), MilkDeliveryPage])),
        },
        config: deliveries,
      },
      async (req, reply) =>
        ok(
          pageOrBounded(
            reply,
            await listMilkDeliveries(db, withDefaultRange(reply, req.query, MILK_DELIVERIES_DEFAULT_DAYS)),
          ),
        ),
    );
    app.get(
      `${BASE}/deliveries/:id`,
      {
        schema: {
          tags,
          summary: 'Süt teslimatını getirir',
          operationId: 'getMilkDelivery',
          params: MilkIdParams,
          response: answers(MilkDelivery, 404),
        },
        config: deliveries,
      },
      async (req) => ok(await getMilkDelivery(db, req.params.id)),
    );
    app.post(
      `${BASE}/deliveries`,
      {
        schema: {
          tags,
          summary: 'Süt teslimatı kaydeder',
          operationId: 'createMilkDelivery',
          description: `Without \`deliveryDateTime\` the delivery is recorded now. ${deliveryRules}`,
          body: CreateMilkDeliveryBody,
          response: answers(MilkDelivery, 422),
        },
        config: deliveries,
      },
      async (req) => ok(await db.transaction((tx) => recordMilkDelivery(tx, actorOf(req), req.body))),
    );
    app.put(
      `${BASE}/deliveries`,
      {
        schema: {
          tags,
          summary: 'Süt teslimatını düzeltir',
          operationId: 'updateMilkDelivery',
          description: `Without \`deliveryDateTime\` the delivery time becomes now. ${deliveryRules}`,
          body: UpdateMilkDeliveryBody,
          response: answers(MilkDelivery, 404, 422),
        },
        config: deliveries,
      },
      async (req) => ok(await db.transaction((tx) => correctMilkDelivery(tx, actorOf(req), req.body))),
    );
    app.get(
      `${BASE}/summary`,
      {
        schema: {
          tags,
          summary: 'Süt toplama özetini verir',
          operationId: 'getMilkSummary',
          description:
            'Litres per milk over a range of Istanbul days (at most 366): this week (Monday to Sunday) ' +
            'without `from` and `to`, the seven days from `from` or up to `to` with only one of them.',
          querystring: MilkSummaryQuery,
          response: answers(MilkSummary),
        },
        config: deliveries,
      },
      async (req) => ok(await milkCollectionSummary(db, req.query)),
    );
  };
}
