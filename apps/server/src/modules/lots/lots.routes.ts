import { recallFileName } from '@mandira/contract/lots-answers';
import * as operations from '@mandira/contract/operations/lots';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { sendPdf } from '../../pdf/pdf-reply.ts';
import type { RenderPool } from '../../pdf/render-pool.ts';
import { listLots } from './lot-list.service.ts';
import { traceLot } from './lot-trace.service.ts';
import { RECALL_DOCUMENT } from './recall-pdf.ts';

export function lotRoutes({ db, config, documents }: { db: Db; config: Config; documents: RenderPool }) {
  return async (app: FastifyInstance) => {
    route(app, operations.listLots, async (req) => ok(await listLots(db, req.query)));
    route(app, operations.traceLot, async (req) => ok(await traceLot(db, req.params.id)));
    route(app, operations.downloadLotRecallList, async (req, reply) => {
      const trace = await traceLot(db, req.params.id);
      const file = await documents.render(RECALL_DOCUMENT, trace, config.companyName);
      return sendPdf(reply, file, recallFileName(trace.lot));
    });
  };
}
