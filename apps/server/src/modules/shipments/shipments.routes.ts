import { SHIPMENT_SHORTCUTS } from '@mandira/contract/shipment-machine';
import {
  City,
  CreateShipmentBody,
  SHIPMENT_UNPAGED_DAYS,
  SHIPMENT_UNPAGED_LIMIT,
  Shipment,
  ShipmentActionBody,
  ShipmentContent,
  ShipmentIdParams,
  ShipmentListQuery,
  ShipmentPage,
  ShipmentStatusQuery,
  UpdateShipmentBody,
} from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { boundedAnswer, pageOrBounded } from '../../http/unpaged-limit.ts';
import { CITIES } from '../routing/turkish-provinces.ts';
import { findShipment } from './shipment.repo.ts';
import { actOnShipment, type ShipmentActionInput } from './shipment-actions.service.ts';
import { shipmentContent } from './shipment-content.service.ts';
import { listShipments, newestShipments } from './shipment-list.service.ts';
import { createShipment, routeForStops, updateShipment } from './shipments.service.ts';

/** The shipment list is also the load-acceptance screen's and the warehouse's (to load onto one). */
const readShipments = { access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE'] } as const;
const readByStatus = {
  access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE', 'WAREHOUSE_OPERATIONS'],
} as const;
const manage = { access: 'SHIPMENT_MANAGEMENT' } as const;

/** The shortcut calls of one action each, as the document names them. */
const SHORTCUT_OPERATIONS: Record<
  (typeof SHIPMENT_SHORTCUTS)[keyof typeof SHIPMENT_SHORTCUTS],
  { summary: string; operationId: string }
> = {
  START_LOADING: { summary: 'Sevkiyatın yüklemesini başlatır', operationId: 'startShipmentLoading' },
  START_LOAD_CHECK: {
    summary: 'Sevkiyatın yük kontrolünü başlatır',
    operationId: 'startShipmentLoadCheck',
  },
  START_DELIVERY: { summary: 'Sevkiyatı yola çıkarır', operationId: 'startShipmentDelivery' },
  COMPLETE_DELIVERY: {
    summary: 'Sevkiyatı teslim edildi olarak kapatır',
    operationId: 'completeShipmentDelivery',
  },
};

export function shipmentRoutes({ db, config }: { db: Db; config: Config }) {
  const settings = { weighbridgeTolerancePercent: config.weighbridgeTolerancePercent };

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Sevkiyatlar'];
    const changed = 'Answers the shipment as the list shows it, with its road (`routeGeometry`).';
    const routing = (warn: (message: string) => void) => ({ routingUrl: config.routingUrl, warn });

    /** One transaction: the change, then the changed shipment as the list shows it. */
    const changeThenShow = (id: number, change: (tx: Tx) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await change(tx);
        return ok(await findShipment(tx, id, settings));
      });

    app.get(
      '/shipments',
      {
        schema: {
          tags,
          summary: 'Sevkiyatları listeler',
          operationId: 'listShipments',
          description: `Newest first, every filter optional. With \`page\` or \`size\` the answer is a \`ShipmentPage\`; without both it is an array, bounded when no date range is given to the open shipments plus those created in the last ${SHIPMENT_UNPAGED_DAYS} days, and holding at most the newest ${SHIPMENT_UNPAGED_LIMIT} (\`X-Total-Count\` says how many matched; \`X-Unpaged-Limit\` is sent when the array holds fewer).`,
          querystring: ShipmentListQuery,
          response: answers(z.union([z.array(Shipment), ShipmentPage])),
        },
        config: readShipments,
      },
      async (req, reply) => ok(pageOrBounded(reply, await listShipments(db, req.query, settings))),
    );
    app.get(
      '/shipments/filter-by-status',
      {
        schema: {
          tags,
          summary: 'Bir durumdaki sevkiyatları listeler',
          operationId: 'listShipmentsByStatus',
          description:
            `The shipments in the status, newest first, unpaged: at most the newest ${SHIPMENT_UNPAGED_LIMIT} ` +
            '(`X-Total-Count` says how many matched; `X-Unpaged-Limit` is sent when the array holds fewer).',
          querystring: ShipmentStatusQuery,
          response: answers(z.array(Shipment)),
        },
        config: readByStatus,
      },
      async (req, reply) =>
        ok(boundedAnswer(reply, await newestShipments(db, sql`s.status = ${req.query.status}`, settings))),
    );
    app.get(
      '/shipments/cities',
      {
        schema: {
          tags,
          summary: 'Sevkiyat listesinin il süzgeci için 81 ili listeler',
          operationId: 'listShipmentCities',
          response: answers(z.array(City)),
        },
        config: readShipments,
      },
      async () => ok(CITIES),
    );
    app.get(
      '/shipments/:id/content',
      {
        schema: {
          tags,
          summary: 'Sevkiyatı ve üzerine yüklenen sipariş kalemlerini getirir',
          operationId: 'getShipmentContent',
          params: ShipmentIdParams,
          response: answers(ShipmentContent, 404),
        },
        config: readShipments,
      },
      async (req) => ok(await shipmentContent(db, req.params.id, settings)),
    );

    const writeSchema = (summary: string, operationId: string) => ({
      tags,
      summary,
      operationId,
      description: changed,
      response: answers(Shipment, 404, 409),
    });
    app.post(
      '/shipments',
      {
        schema: { ...writeSchema('Sevkiyat oluşturur', 'createShipment'), body: CreateShipmentBody },
        config: manage,
      },
      async (req) => {
        const route = await routeForStops(
          db,
          req.body,
          routing((message) => req.log.warn(message)),
        );
        return db.transaction(async (tx) => {
          const id = await createShipment(tx, actorOf(req), { ...req.body, route });
          return ok(await findShipment(tx, id, settings));
        });
      },
    );
    app.put(
      '/shipments',
      {
        schema: { ...writeSchema('Sevkiyatı düzenler', 'updateShipment'), body: UpdateShipmentBody },
        config: manage,
      },
      async (req) => {
        const route = await routeForStops(
          db,
          req.body,
          routing((message) => req.log.warn(message)),
        );
        return changeThenShow(req.body.id, (tx) => updateShipment(tx, actorOf(req), { ...req.body, route }));
      },
    );

    const act = (actor: ReturnType<typeof actorOf>, input: ShipmentActionInput) =>
      changeThenShow(input.id, (tx) => actOnShipment(tx, actor, input, settings));
    app.put(
      '/shipments/:id/on-action',
      {
        schema: {
          ...writeSchema('Sevkiyatta bir adımı uygular', 'applyShipmentAction'),
          params: ShipmentIdParams,
          body: ShipmentActionBody,
          // A return to the warehouse puts the loads back on their stock lines, which may not take that many.
          response: answers(Shipment, 404, 409, 422),
        },
        config: manage,
      },
      async (req) => act(actorOf(req), { id: req.params.id, ...req.body }),
    );
    for (const [path, action] of Object.entries(SHIPMENT_SHORTCUTS)) {
      app.put(
        `/shipments/${path}/:id`,
        {
          schema: {
            ...writeSchema(SHORTCUT_OPERATIONS[action].summary, SHORTCUT_OPERATIONS[action].operationId),
            params: ShipmentIdParams,
          },
          config: manage,
        },
        async (req) => act(actorOf(req), { id: req.params.id, action }),
      );
    }
  };
}
