import type {
  AccountingSummary,
  AccountingTransaction,
  AccountStatement,
  PayOrderBody,
  PayOrderResult,
} from '@mandira/contract/accounting';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCOUNTING_KEY } from '../../api/accounting.ts';
import { getFile, post, queryString } from '../../api/client.ts';
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

/** Every transaction of the buyer, newest first (the server's unpaged answer). */
export function useAccountTransactions(buyerId: number) {
  return useQuery(
    apiQuery<AccountingTransaction[]>(
      [...ACCOUNTING_KEY, 'transactions', buyerId],
      `/accounting/transactions${queryString({ buyerId })}`,
    ),
  );
}

const statementQuery = (buyerId: number, range: DayRange) => queryString({ buyerId, ...range });

export function useAccountStatement(buyerId: number, range: DayRange) {
  return useQuery({
    ...apiQuery<AccountStatement>(
      [...ACCOUNTING_KEY, 'statement', buyerId, range],
      `/accounting/statement${statementQuery(buyerId, range)}`,
    ),
    // A new range keeps the old lines in view until its own arrive.
    placeholderData: keepPreviousData,
  });
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
