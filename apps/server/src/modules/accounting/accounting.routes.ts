import { TRANSACTIONS_DEFAULT_DAYS } from '@mandira/contract/accounting';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import * as operations from '@mandira/contract/operations/accounting';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { withDefaultRange } from '../../http/default-range.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { pageOrBounded } from '../../http/unpaged-limit.ts';
import { sendPdf } from '../../pdf/pdf-reply.ts';
import type { RenderPool } from '../../pdf/render-pool.ts';
import { buyerSummary } from './accounting.repo.ts';
import { overdueOrders } from './overdue-orders.ts';
import { payOrder } from './pay-order.service.ts';
import { accountStatement } from './statement.service.ts';
import { STATEMENT_DOCUMENT, statementFileName } from './statement-pdf.ts';
import { listTransactions } from './transactions.service.ts';

/** Buyer accounting (docs/domain/money.md), for the ACCOUNTING privilege (FINANCE_ADMIN). */
export function accountingRoutes({
  db,
  config,
  documents,
}: {
  db: Db;
  config: Config;
  documents: RenderPool;
}) {
  return async (app: FastifyInstance) => {
    route(app, operations.getAccountingSummary, async (req) => ok(await buyerSummary(db, req.query.buyerId)));
    route(app, operations.listOverdueOrders, async () =>
      ok(await overdueOrders(db, istanbulDate(new Date()))),
    );
    route(app, operations.listAccountingTransactions, async (req, reply) =>
      ok(
        pageOrBounded(
          reply,
          await listTransactions(db, withDefaultRange(reply, req.query, TRANSACTIONS_DEFAULT_DAYS)),
        ),
      ),
    );
    route(app, operations.recordAccountingOrderPayment, async (req) =>
      ok(await db.transaction((tx) => payOrder(tx, actorOf(req), req.body))),
    );
    route(app, operations.getAccountStatement, async (req) => ok(await accountStatement(db, req.query)));
    route(app, operations.downloadAccountStatementPdf, async (req, reply) => {
      const { page: _page, size: _size, ...whole } = req.query;
      const statement = await accountStatement(db, whole);
      const file = await documents.renderFor(
        actorOf(req).userId,
        STATEMENT_DOCUMENT,
        statement,
        config.companyName,
      );
      return sendPdf(reply, file, statementFileName(statement));
    });
  };
}
