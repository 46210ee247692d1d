import * as operations from '@mandira/contract/operations/shipments-loads';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { sendPdf } from '../../pdf/pdf-reply.ts';
import type { RenderPool } from '../../pdf/render-pool.ts';
import { acceptShipmentLoads } from '../loading/load-acceptance.service.ts';
import { DISPATCH_NOTE_DOCUMENT, dispatchNoteFileName, dispatchNoteOf } from './dispatch-note.ts';
import { shipmentContent } from './shipment-content.service.ts';

/**
 * The calls on a whole shipment's loads: accepting them all (answering the shipment's content) and its
 * dispatch note. They stand with the warehouse and load-acceptance calls in the API documents.
 */
export function shipmentLoadRoutes({
  db,
  config,
  documents,
}: {
  db: Db;
  config: Config;
  documents: RenderPool;
}) {
  const settings = { weighbridgeTolerancePercent: config.weighbridgeTolerancePercent };

  return async (app: FastifyInstance) => {
    route(app, operations.acceptAllShipmentLoads, async (req) =>
      db.transaction(async (tx) => {
        await acceptShipmentLoads(tx, actorOf(req), { shipmentId: req.params.id, ...req.body });
        return ok(await shipmentContent(tx, req.params.id, settings));
      }),
    );
    route(app, operations.getShipmentDispatchNote, async (req, reply) => {
      const note = await dispatchNoteOf(db, req.params.id);
      const file = await documents.renderFor(
        actorOf(req).userId,
        DISPATCH_NOTE_DOCUMENT,
        note,
        config.companyName,
      );
      return sendPdf(reply, file, dispatchNoteFileName(note));
    });
  };
}
