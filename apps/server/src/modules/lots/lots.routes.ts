import { LotIdParams, LotPage, LotQuery, LotTrace, recallFileName } from '@mandira/contract/lots-answers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { answers, fileAnswers } from '../../http/answers.ts';
import { ok } from '../../http/envelope.ts';
import { sendPdf } from '../../pdf/pdf-reply.ts';
import type { RenderPool } from '../../pdf/render-pool.ts';
import { listLots } from './lot-list.service.ts';
import { traceLot } from './lot-trace.service.ts';
import { RECALL_DOCUMENT } from './recall-pdf.ts';

/**
 * Who reads lots and their traces: the 'Parti Takibi' screen's privileges (decision 153) — the warehouse
 * that keeps the stock (STOCK_MANAGEMENT, GOODS_IN_OUT) and the back office that runs the shipments and
 * calls the buyers in a recall (SHIPMENT_MANAGEMENT).
 */
const tracing = { access: ['STOCK_MANAGEMENT', 'GOODS_IN_OUT', 'SHIPMENT_MANAGEMENT'] } as const;

export function lotRoutes({ db, config, documents }: { db: Db; config: Config; documents: RenderPool }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Stok'];

    app.get(
      '/lots',
      {
        schema: {
          tags,
          summary: 'Partileri son kullanma tarihine göre listeler',
          description:
            'FEFO order: earliest expiry first, the undated lots last; paged (`page` from 1, `size` up to 200, 50 by default). ' +
            '`expiringWithinDays` and `expired` take only lots with pieces on hand; `q` searches the lot code, the item name and its stock code.',
          operationId: 'listLots',
          querystring: LotQuery,
          response: answers(LotPage),
        },
        config: tracing,
      },
      async (req) => ok(await listLots(db, req.query)),
    );
    app.get(
      '/lots/:id/trace',
      {
        schema: {
          tags,
          summary: 'Partinin izini verir: eldeki stok, yüklemeler, alıcılar ve toplamlar',
          operationId: 'traceLot',
          params: LotIdParams,
          response: answers(LotTrace, 404),
        },
        config: tracing,
      },
      async (req) => ok(await traceLot(db, req.params.id)),
    );
    app.get(
      '/lots/:id/trace.pdf',
      {
        schema: {
          tags,
          summary: 'Partinin geri çağırma listesini PDF olarak verir',
          operationId: 'downloadLotRecallList',
          params: LotIdParams,
          response: fileAnswers(
            'application/pdf',
            "The lot's recall list: its totals, every buyer and delivery point it was loaded for, its stock.",
            404,
          ),
        },
        config: tracing,
      },
      async (req, reply) => {
        const trace = await traceLot(db, req.params.id);
        const file = await documents.render(RECALL_DOCUMENT, trace, config.companyName);
        return sendPdf(reply, file, recallFileName(trace.lot));
      },
    );
  };
}
