import {
  AccountingSummaryQuery,
  PayOrderBody,
  StatementQuery,
  TRANSACTIONS_DEFAULT_DAYS,
  TransactionsQuery,
} from '@mandira/contract/accounting';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { withDefaultRange } from '../../http/default-range.ts';
import { ok } from '../../http/envelope.ts';
import { sendPdf } from '../../pdf/pdf-reply.ts';
import type { RenderPool } from '../../pdf/render-pool.ts';
import { buyerSummary } from './accounting.repo.ts';
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
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Müşteri finans'];
    const access = { access: 'ACCOUNTING' } as const;
    // The customer screen's owner reads the buyer's account too; paying stays with finance (decision 104).
    const reading = { access: ['ACCOUNTING', 'BUYER_MANAGEMENT'] } as const;

    app.get(
      '/accounting/summary',
      { schema: { tags, querystring: AccountingSummaryQuery }, config: reading },
      async (req) => ok(await buyerSummary(db, req.query.buyerId)),
    );
    app.get(
      '/accounting/transactions',
      { schema: { tags, querystring: TransactionsQuery }, config: reading },
      async (req, reply) =>
        ok(await listTransactions(db, withDefaultRange(reply, req.query, TRANSACTIONS_DEFAULT_DAYS))),
    );
    app.post('/accounting/pay-order', { schema: { tags, body: PayOrderBody }, config: access }, async (req) =>
      ok(await db.transaction((tx) => payOrder(tx, actorOf(req), req.body))),
    );
    app.get(
      '/accounting/statement',
      { schema: { tags, querystring: StatementQuery }, config: reading },
      async (req) => ok(await accountStatement(db, req.query)),
    );
    app.get(
      '/accounting/statement.pdf',
      { schema: { tags, querystring: StatementQuery }, config: reading },
      async (req, reply) => {
        const { page: _page, size: _size, ...whole } = req.query;
        const statement = await accountStatement(db, whole);
        const file = await documents.render(STATEMENT_DOCUMENT, statement, config.companyName);
        return sendPdf(reply, file, statementFileName(statement));
      },
    );
  };
}
