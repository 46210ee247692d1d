import {
  AccountingSummary,
  AccountingSummaryQuery,
  AccountStatement,
  OVERDUE_ORDERS_LIMIT,
  OverdueOrderList,
  PayOrderBody,
  PayOrderResult,
  STATEMENT_MAX_LINES,
  StatementQuery,
  TRANSACTIONS_DEFAULT_DAYS,
  TRANSACTIONS_UNPAGED_LIMIT,
  TransactionList,
  TransactionPage,
  TransactionsQuery,
} from '@mandira/contract/accounting';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { answers, fileAnswers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { withDefaultRange } from '../../http/default-range.ts';
import { ok } from '../../http/envelope.ts';
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
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Müşteri finans'];
    const access = { access: 'ACCOUNTING' } as const;
    // The customer screen's owner reads the buyer's account too; paying stays with finance (decision 104).
    const reading = { access: ['ACCOUNTING', 'BUYER_MANAGEMENT'] } as const;

    app.get(
      '/accounting/summary',
      {
        schema: {
          tags,
          summary: 'Müşterinin hesap özetini verir',
          operationId: 'getAccountingSummary',
          querystring: AccountingSummaryQuery,
          response: answers(AccountingSummary, 404),
        },
        config: reading,
      },
      async (req) => ok(await buyerSummary(db, req.query.buyerId)),
    );
    app.get(
      '/accounting/overdue-orders',
      {
        schema: {
          tags,
          summary: 'Sevk tarihi geçmiş, ödemesi açık siparişleri listeler',
          description:
            'Orders not canceled whose planned shipment date is before today (Istanbul) and whose dealt total ' +
            `exceeds what is paid and refunded (docs/domain/my-work.md); the longest overdue first, at most ${OVERDUE_ORDERS_LIMIT}.`,
          operationId: 'listOverdueOrders',
          response: answers(OverdueOrderList),
        },
        config: reading,
      },
      async () => ok(await overdueOrders(db, istanbulDate(new Date()))),
    );
    app.get(
      '/accounting/transactions',
      {
        schema: {
          tags,
          summary: 'Müşterinin hesap hareketlerini listeler',
          description:
            'Newest first. With `page` or `size`: one page of the range (every day when no range is given). ' +
            `Without both: an array of the range; a missing \`from\` is ${TRANSACTIONS_DEFAULT_DAYS} days ` +
            'before `to` (today when not given), and the `X-Default-Range` header names the days chosen ' +
            "('YYYY-MM-DD..YYYY-MM-DD'). The array holds at most the newest " +
            `${TRANSACTIONS_UNPAGED_LIMIT} movements: \`X-Total-Count\` says how many matched, and ` +
            '`X-Unpaged-Limit` is sent when the array holds fewer.',
          operationId: 'listAccountingTransactions',
          querystring: TransactionsQuery,
          response: answers(z.union([TransactionList, TransactionPage]), 404),
        },
        config: reading,
      },
      async (req, reply) =>
        ok(
          pageOrBounded(
            reply,
            await listTransactions(db, withDefaultRange(reply, req.query, TRANSACTIONS_DEFAULT_DAYS)),
          ),
        ),
    );
    app.post(
      '/accounting/pay-order',
      {
        schema: {
          tags,
          summary: 'Siparişe ödeme veya iade kaydeder',
          description:
            'Appends an ORDER_PAYMENT or PRODUCT_REFUND transaction to the order. 422 when the order is ' +
            'canceled or the amount is more than is open on it.',
          operationId: 'recordAccountingOrderPayment',
          body: PayOrderBody,
          response: answers(PayOrderResult, 404, 422),
        },
        config: access,
      },
      async (req) => ok(await db.transaction((tx) => payOrder(tx, actorOf(req), req.body))),
    );
    app.get(
      '/accounting/statement',
      {
        schema: {
          tags,
          summary: 'Müşterinin hesap ekstresini verir',
          description:
            'The opening balance, every movement of the Istanbul days `from`..`to` with the running balance, ' +
            'the totals and the closing balance. With `page` or `size`, `lines` is one page and `paging` says which. ' +
            `Without them, a range of more than ${STATEMENT_MAX_LINES} movements is refused with 422 on \`from\`.`,
          operationId: 'getAccountStatement',
          querystring: StatementQuery,
          response: answers(AccountStatement, 404, 422),
        },
        config: reading,
      },
      async (req) => ok(await accountStatement(db, req.query)),
    );
    app.get(
      '/accounting/statement.pdf',
      {
        schema: {
          tags,
          summary: 'Müşterinin hesap ekstresini PDF olarak indirir',
          description:
            'The whole statement of the range (`page` and `size` are ignored), as a download; a range of more ' +
            `than ${STATEMENT_MAX_LINES} movements is refused with 422 on \`from\`.`,
          operationId: 'downloadAccountStatementPdf',
          querystring: StatementQuery,
          response: fileAnswers(
            'application/pdf',
            'The account statement, a PDF file to download.',
            404,
            422,
          ),
        },
        config: reading,
      },
      async (req, reply) => {
        const { page: _page, size: _size, ...whole } = req.query;
        const statement = await accountStatement(db, whole);
        const file = await documents.renderFor(
          actorOf(req).userId,
          STATEMENT_DOCUMENT,
          statement,
          config.companyName,
        );
        return sendPdf(reply, file, statementFileName(statement));
      },
    );
  };
}
