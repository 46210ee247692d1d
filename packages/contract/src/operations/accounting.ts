import { z } from 'zod';
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
} from '../accounting.ts';
import { operation } from '../operation.ts';

// Buyer accounting (docs/domain/money.md), for the ACCOUNTING privilege (FINANCE_ADMIN).
const tags = ['Müşteri finans'];
// The customer screen's owner reads the buyer's account too; paying stays with finance (decision 104).
const reading = ['ACCOUNTING', 'BUYER_MANAGEMENT'] as const;

export const getAccountingSummary = operation({
  operationId: 'getAccountingSummary',
  method: 'GET',
  path: '/accounting/summary',
  tags,
  summary: 'Müşterinin hesap özetini verir',
  access: reading,
  query: AccountingSummaryQuery,
  answer: AccountingSummary,
  errors: [404],
});

export const listOverdueOrders = operation({
  operationId: 'listOverdueOrders',
  method: 'GET',
  path: '/accounting/overdue-orders',
  tags,
  summary: 'Sevk tarihi geçmiş, ödemesi açık siparişleri listeler',
  description:
    'Orders not canceled whose planned shipment date is before today (Istanbul) and whose dealt total ' +
    `exceeds what is paid and refunded (docs/domain/my-work.md); the longest overdue first, at most ${OVERDUE_ORDERS_LIMIT}.`,
  access: reading,
  answer: OverdueOrderList,
});

export const listAccountingTransactions = operation({
  operationId: 'listAccountingTransactions',
  method: 'GET',
  path: '/accounting/transactions',
  tags,
  summary: 'Müşterinin hesap hareketlerini listeler',
  description:
    'Newest first. With `page` or `size`: one page of the range (every day when no range is given). ' +
    `Without both: an array of the range; a missing \`from\` is ${TRANSACTIONS_DEFAULT_DAYS} days ` +
    'before `to` (today when not given), and the `X-Default-Range` header names the days chosen ' +
    "('YYYY-MM-DD..YYYY-MM-DD'). The array holds at most the newest " +
    `${TRANSACTIONS_UNPAGED_LIMIT} movements: \`X-Total-Count\` says how many matched, and ` +
    '`X-Unpaged-Limit` is sent when the array holds fewer.',
  access: reading,
  query: TransactionsQuery,
  answer: z.union([TransactionList, TransactionPage]),
  errors: [404],
});

export const recordAccountingOrderPayment = operation({
  operationId: 'recordAccountingOrderPayment',
  method: 'POST',
  path: '/accounting/pay-order',
  tags,
  summary: 'Siparişe ödeme veya iade kaydeder',
  description:
    'Appends an ORDER_PAYMENT or PRODUCT_REFUND transaction to the order. 422 when the order is ' +
    'canceled or the amount is more than is open on it.',
  access: 'ACCOUNTING',
  body: PayOrderBody,
  answer: PayOrderResult,
  errors: [404, 422],
});

export const getAccountStatement = operation({
  operationId: 'getAccountStatement',
  method: 'GET',
  path: '/accounting/statement',
  tags,
  summary: 'Müşterinin hesap ekstresini verir',
  description:
    'The opening balance, every movement of the Istanbul days `from`..`to` with the running balance, ' +
    'the totals and the closing balance. With `page` or `size`, `lines` is one page and `paging` says which. ' +
    `Without them, a range of more than ${STATEMENT_MAX_LINES} movements is refused with 422 on \`from\`.`,
  access: reading,
  query: StatementQuery,
  answer: AccountStatement,
  errors: [404, 422],
});

export const downloadAccountStatementPdf = operation({
  operationId: 'downloadAccountStatementPdf',
  method: 'GET',
  path: '/accounting/statement.pdf',
  tags,
  summary: 'Müşterinin hesap ekstresini PDF olarak indirir',
  description:
    'The whole statement of the range (`page` and `size` are ignored), as a download; a range of more ' +
    `than ${STATEMENT_MAX_LINES} movements is refused with 422 on \`from\`.`,
  access: reading,
  query: StatementQuery,
  answer: {
    kind: 'file',
    mediaType: 'application/pdf',
    description: 'The account statement, a PDF file to download.',
  },
  errors: [404, 422],
});
