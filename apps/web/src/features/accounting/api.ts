import type { AccountingTransaction, AccountStatement, StatementLine } from '@mandira/contract/accounting';
import type { OperationBody } from '@mandira/contract/operation';
import * as accounting from '@mandira/contract/operations/accounting';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCOUNTING_KEY } from '../../api/accounting.ts';
import { asPage } from '../../api/answer-shape.ts';
import { callApi, fileOf } from '../../api/client.ts';
import { fetchEveryPage } from '../../api/every-page.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';

/** A statement's days, 'YYYY-MM-DD' in Istanbul, both included. */
export type DayRange = { from: string; to: string };

export function useAccountingSummary(buyerId: number) {
  return useQuery(operationQuery(ACCOUNTING_KEY, accounting.getAccountingSummary, { query: { buyerId } }));
}

const transactionsPage = (buyerId: number, page: number, size: number) => ({
  query: { buyerId, page, size },
});

/** One page of the buyer's transactions, newest first, paged by the server (decision 111). */
export function useAccountTransactions(buyerId: number, page: number, size: number) {
  return useQuery({
    ...operationQuery(
      ACCOUNTING_KEY,
      accounting.listAccountingTransactions,
      transactionsPage(buyerId, page, size),
    ),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

/** Every transaction of the buyer, read page by page: the Excel file. */
export function fetchEveryTransaction(buyerId: number): Promise<AccountingTransaction[]> {
  return fetchEveryPage(
    (page, size) => callApi(accounting.listAccountingTransactions, transactionsPage(buyerId, page, size)),
    (answer) => {
      const page = asPage(answer);
      return { rows: page.transactions, totalPages: page.totalPages, countCapped: page.countCapped };
    },
    'hesap hareketi',
  );
}

const statementOf = (buyerId: number, range: DayRange, paging?: { page: number; size: number }) => ({
  query: { buyerId, ...range, ...paging },
});

/** One page of the statement's lines, each with the running balance of the whole range. */
export function useAccountStatement(buyerId: number, range: DayRange, page: number, size: number) {
  return useQuery({
    ...operationQuery(
      ACCOUNTING_KEY,
      accounting.getAccountStatement,
      statementOf(buyerId, range, { page, size }),
    ),
    // A new range keeps the old lines in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** The whole statement of the range, its lines read page by page: the Excel file. */
export async function fetchWholeStatement(buyerId: number, range: DayRange): Promise<AccountStatement> {
  let head: AccountStatement | undefined;
  const lines = await fetchEveryPage<AccountStatement, StatementLine>(
    (page, size) => callApi(accounting.getAccountStatement, statementOf(buyerId, range, { page, size })),
    (answer) => {
      head ??= answer;
      return { rows: answer.lines, totalPages: answer.paging?.totalPages ?? 1 };
    },
  );
  const { paging: _page, ...statement } = head!;
  return { ...statement, lines };
}

/** The statement as the server prints it. */
export function fetchStatementPdf(buyerId: number, range: DayRange): Promise<Blob> {
  return fileOf(accounting.downloadAccountStatementPdf, statementOf(buyerId, range));
}

/** A payment or refund: the summary, the transactions and the statement all move. */
export function usePayOrder() {
  return useApiMutation(
    (body: OperationBody<typeof accounting.recordAccountingOrderPayment>) =>
      callApi(accounting.recordAccountingOrderPayment, { body }),
    { invalidates: [ACCOUNTING_KEY] },
  );
}

/** The orders past their planned shipment date still owing (`?overdue=1`, decision 128). */
export function useOverdueOrders() {
  return useQuery(operationQuery(ACCOUNTING_KEY, accounting.listOverdueOrders));
}
