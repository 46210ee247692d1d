import type {
  AccountingSummary,
  AccountingTransaction,
  AccountStatement,
  OverdueOrder,
  PayOrderBody,
  PayOrderResult,
  StatementLine,
  TransactionPage,
} from '@mandira/contract/accounting';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCOUNTING_KEY } from '../../api/accounting.ts';
import { getFile, post, queryString } from '../../api/client.ts';
import { fetchEveryPage } from '../../api/every-page.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';

/** A statement's days, 'YYYY-MM-DD' in Istanbul, both included. */
export type DayRange = { from: string; to: string };

export function useAccountingSummary(buyerId: number) {
  return useQuery(
    apiQuery<AccountingSummary>(
      [...ACCOUNTING_KEY, 'summary', buyerId],
      `/accounting/summary${queryString({ buyerId })}`,
    ),
  );
}

const transactionsPath = (buyerId: number, page: number, size: number) =>
  `/accounting/transactions${queryString({ buyerId, page, size })}`;

/** One page of the buyer's transactions, newest first, paged by the server (decision 111). */
export function useAccountTransactions(buyerId: number, page: number, size: number) {
  return useQuery({
    ...apiQuery<TransactionPage>(
      [...ACCOUNTING_KEY, 'transactions', buyerId, page, size],
      transactionsPath(buyerId, page, size),
    ),
    placeholderData: keepPreviousData,
  });
}

/** Every transaction of the buyer, read page by page: the Excel file. */
export function fetchEveryTransaction(buyerId: number): Promise<AccountingTransaction[]> {
  return fetchEveryPage<TransactionPage, AccountingTransaction>(
    (page, size) => transactionsPath(buyerId, page, size),
    (answer) => ({
      rows: answer.transactions,
      totalPages: answer.totalPages,
      countCapped: answer.countCapped,
    }),
    'hesap hareketi',
  );
}

const statementQuery = (buyerId: number, range: DayRange, paging?: { page: number; size: number }) =>
  queryString({ buyerId, ...range, ...paging });

/** One page of the statement's lines, each with the running balance of the whole range. */
export function useAccountStatement(buyerId: number, range: DayRange, page: number, size: number) {
  return useQuery({
    ...apiQuery<AccountStatement>(
      [...ACCOUNTING_KEY, 'statement', buyerId, range, page, size],
      `/accounting/statement${statementQuery(buyerId, range, { page, size })}`,
    ),
    // A new range keeps the old lines in view until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** The whole statement of the range, its lines read page by page: the Excel file. */
export async function fetchWholeStatement(buyerId: number, range: DayRange): Promise<AccountStatement> {
  let head: AccountStatement | undefined;
  const lines = await fetchEveryPage<AccountStatement, StatementLine>(
    (page, size) => `/accounting/statement${statementQuery(buyerId, range, { page, size })}`,
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
  return getFile(`/accounting/statement.pdf${statementQuery(buyerId, range)}`, 'application/pdf');
}

/** A payment or refund: the summary, the transactions and the statement all move. */
export function usePayOrder() {
  return useApiMutation((body: PayOrderBody) => post<PayOrderResult>('/accounting/pay-order', body), {
    invalidates: [ACCOUNTING_KEY],
  });
}

/** The orders past their planned shipment date still owing (`?overdue=1`, decision 128). */
export function useOverdueOrders() {
  return useQuery(apiQuery<OverdueOrder[]>([...ACCOUNTING_KEY, 'overdue'], '/accounting/overdue-orders'));
}
