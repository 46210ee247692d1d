import { SHIPMENT_SHORTCUTS } from '@mandira/contract/shipment-machine';
import {
  CreateShipmentBody,
  ShipmentActionBody,
  ShipmentIdParams,
  ShipmentListQuery,
  ShipmentStatusQuery,
  UpdateShipmentBody,
} from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { CITIES } from '../routing/turkish-provinces.ts';
import { findShipment, findShipments } from './shipment.repo.ts';
import { actOnShipment, type ShipmentActionInput } from './shipment-actions.service.ts';
import { shipmentContent } from './shipment-content.service.ts';
import { listShipments } from './shipment-list.service.ts';
import { createShipment, routeForStops, updateShipment } from './shipments.service.ts';

/** The shipment list is also the load-acceptance screen's and the warehouse's (to load onto one). */
const readShipments = { access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE'] } as const;
const readByStatus = {
  access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE', 'WAREHOUSE_OPERATIONS'],
} as const;
const manage = { access: 'SHIPMENT_MANAGEMENT' } as const;

export function shipmentRoutes({ db, config }: { db: Db; config: Config }) {
  const settings = { weighbridgeTolerancePercent: config.weighbridgeTolerancePercent };

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Sevkiyatlar'];
    const routing = (warn: (message: string) => void) => ({ routingUrl: config.routingUrl, warn });

    /** One transaction: the change, then the changed shipment as the list shows it. */
    const changeThenShow = (id: number, change: (tx: Tx) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await change(tx);
        return ok(await findShipment(tx, id, settings));
      });

    app.get(
      '/shipments',
      { schema: { tags, querystring: ShipmentListQuery }, config: readShipments },
      async (req) => ok(await listShipments(db, req.query, settings)),
    );
    app.get(
      '/shipments/filter-by-status',
      { schema: { tags, querystring: ShipmentStatusQuery }, config: readByStatus },
      async (req) => ok(await findShipments(db, sql`s.status = ${req.query.status}`, settings)),
    );
    app.get('/shipments/cities', { schema: { tags }, config: readShipments }, async () => ok(CITIES));
    app.get(
      '/shipments/:id/content',
      { schema: { tags, params: ShipmentIdParams }, config: readShipments },
      async (req) => ok(await shipmentContent(db, req.params.id, settings)),
    );

    app.post('/shipments', { schema: { tags, body: CreateShipmentBody }, config: manage }, async (req) => {
      const route = await routeForStops(
        db,
        req.body,
        routing((message) => req.log.warn(message)),
      );
      return db.transaction(async (tx) => {
        const id = await createShipment(tx, actorOf(req), { ...req.body, route });
        return ok(await findShipment(tx, id, settings));
      });
    });
    app.put('/shipments', { schema: { tags, body: UpdateShipmentBody }, config: manage }, async (req) => {
      const route = await routeForStops(
        db,
        req.body,
        routing((message) => req.log.warn(message)),
      );
      return changeThenShow(req.body.id, (tx) => updateShipment(tx, actorOf(req), { ...req.body, route }));
    });

    const act = (actor: ReturnType<typeof actorOf>, input: ShipmentActionInput) =>
      changeThenShow(input.id, (tx) => actOnShipment(tx, actor, input, settings));
    app.put(
      '/shipments/:id/on-action',
      { schema: { tags, params: ShipmentIdParams, body: ShipmentActionBody }, config: manage },
      async (req) => act(actorOf(req), { id: req.params.id, ...req.body }),
    );
    for (const [path, action] of Object.entries(SHIPMENT_SHORTCUTS)) {
      app.put(
        `/shipments/${path}/:id`,
        { schema: { tags, params: ShipmentIdParams }, config: manage },
        async (req) => act(actorOf(req), { id: req.params.id, action }),
      );
    }
  };
}
