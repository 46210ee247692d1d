import { AcceptShipmentLoadsBody } from '@mandira/contract/loading';
import { ShipmentContent, ShipmentIdParams } from '@mandira/contract/shipments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { answers, fileAnswers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
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

  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Depo ve yükleme'];
    const acceptance = { access: 'SHIPMENT_LOAD_ACCEPTANCE' } as const;

    app.put(
      '/shipments/:id/accept-loads',
      {
        schema: {
          tags,
          summary: 'Sevkiyattaki kalemlerin yüklemelerini topluca kabul eder',
          operationId: 'acceptAllShipmentLoads',
          description:
            "All or nothing: one item refused refuses them all, naming it. Answers the shipment's content.",
          params: ShipmentIdParams,
          body: AcceptShipmentLoadsBody,
          response: answers(ShipmentContent, 404, 409),
        },
        config: acceptance,
      },
      async (req) =>
        db.transaction(async (tx) => {
          await acceptShipmentLoads(tx, actorOf(req), { shipmentId: req.params.id, ...req.body });
          return ok(await shipmentContent(tx, req.params.id, settings));
        }),
    );
    app.get(
      '/shipments/:id/dispatch-note.pdf',
      {
        schema: {
          tags,
          summary: 'Sevkiyatın sevk irsaliyesini PDF olarak verir',
          operationId: 'getShipmentDispatchNote',
          params: ShipmentIdParams,
          response: fileAnswers(
            'application/pdf',
            'The dispatch note (sevk irsaliyesi) of the shipment, as an attachment.',
            404,
          ),
        },
        config: { access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE'] },
      },
      async (req, reply) => {
        const note = await dispatchNoteOf(db, req.params.id);
        const file = await documents.renderFor(
          actorOf(req).userId,
          DISPATCH_NOTE_DOCUMENT,
          note,
          config.companyName,
        );
        return sendPdf(reply, file, dispatchNoteFileName(note));
      },
    );
  };
}
