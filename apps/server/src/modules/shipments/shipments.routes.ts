import * as operations from '@mandira/contract/operations/shipments';
import { SHIPMENT_SHORTCUTS } from '@mandira/contract/shipment-machine';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { boundedAnswer, pageOrBounded } from '../../http/unpaged-limit.ts';
import { CITIES } from '../routing/turkish-provinces.ts';
import { findShipment } from './shipment.repo.ts';
import { actOnShipment, type ShipmentActionInput } from './shipment-actions.service.ts';
import { shipmentContent } from './shipment-content.service.ts';
import { listShipments, newestShipmentsIn } from './shipment-list.service.ts';
import { createShipment, routeForStops, updateShipment } from './shipments.service.ts';

type ShortcutPath = keyof typeof SHIPMENT_SHORTCUTS;

/** The action of a shortcut call (one action each), read from its path as SHIPMENT_SHORTCUTS names it. */
function shortcutAction(path: `/shipments/${ShortcutPath}/:id`) {
  return SHIPMENT_SHORTCUTS[path.slice('/shipments/'.length, -'/:id'.length) as ShortcutPath];
}

export function shipmentRoutes({ db, config }: { db: Db; config: Config }) {
  const settings = { weighbridgeTolerancePercent: config.weighbridgeTolerancePercent };

  return async (app: FastifyInstance) => {
    const routing = (warn: (message: string) => void) => ({ routingUrl: config.routingUrl, warn });

    /** One transaction: the change, then the changed shipment as the list shows it. */
    const changeThenShow = (id: number, change: (tx: Tx) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await change(tx);
        return ok(await findShipment(tx, id, settings));
      });

    route(app, operations.listShipments, async (req, reply) =>
      ok(pageOrBounded(reply, await listShipments(db, req.query, settings))),
    );
    route(app, operations.listShipmentsByStatus, async (req, reply) =>
      ok(boundedAnswer(reply, await newestShipmentsIn(db, req.query.status, settings))),
    );
    route(app, operations.listShipmentCities, async () => ok([...CITIES]));
    route(app, operations.getShipmentContent, async (req) =>
      ok(await shipmentContent(db, req.params.id, settings)),
    );
    route(app, operations.createShipment, async (req) => {
      const road = await routeForStops(
        db,
        req.body,
        routing((message) => req.log.warn(message)),
      );
      return db.transaction(async (tx) => {
        const id = await createShipment(tx, actorOf(req), { ...req.body, route: road });
        return ok(await findShipment(tx, id, settings));
      });
    });
    route(app, operations.updateShipment, async (req) => {
      const road = await routeForStops(
        db,
        req.body,
        routing((message) => req.log.warn(message)),
      );
      return changeThenShow(req.body.id, (tx) =>
        updateShipment(tx, actorOf(req), { ...req.body, route: road }),
      );
    });

    const act = (actor: ReturnType<typeof actorOf>, input: ShipmentActionInput) =>
      changeThenShow(input.id, (tx) => actOnShipment(tx, actor, input, settings));
    route(app, operations.applyShipmentAction, async (req) =>
      act(actorOf(req), { id: req.params.id, ...req.body }),
    );
    for (const shortcut of [
      operations.startShipmentLoading,
      operations.startShipmentLoadCheck,
      operations.startShipmentDelivery,
      operations.completeShipmentDelivery,
    ]) {
      const action = shortcutAction(shortcut.path);
      route(app, shortcut, async (req) => act(actorOf(req), { id: req.params.id, action }));
    }
  };
}
