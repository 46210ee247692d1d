import {
  type AccountingTransaction,
  TRANSACTIONS_UNPAGED_LIMIT,
  type TransactionPage,
  type TransactionsQuery,
} from '@mandira/contract/accounting';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Bounded } from '../../http/unpaged-limit.ts';
import { spanOfDays } from './account-movements.ts';
import { findBuyer } from './accounting.repo.ts';
import { spanFromDay } from './movement-days.ts';
import { movementDaysOf, newestTransactions } from './transactions.repo.ts';

type Query = z.output<typeof TransactionsQuery>;

/**
 * `GET /accounting/transactions`: the buyer's movements of the range (Istanbul days), newest first: its
 * transactions and, as on the statement, the adjustments of orders whose dealt total is not their total
 * at placing, so Hesap Hareketleri and Hesap Ekstresi list the same movements (decision 143). An array,
 * or a page when page or size is given (decision 76). A page reads the newest movements down to its own
 * end from the indexes, never the whole range (decision 162), starting at the end of the day that holds
 * its first movement, which the counts kept per day tell (decision 195); the count, from the same day
 * rows, stops at COUNT_LIMIT (decision 149), and the pages reach the newest COUNT_LIMIT movements. Only
 * the page's rows look up their order and writer. The array holds the newest TRANSACTIONS_UNPAGED_LIMIT
 * and the count, for the route's headers (decision 149).
 */
export async function listTransactions(
  db: Db,
  query: Query,
): Promise<Bounded<AccountingTransaction> | TransactionPage> {
  const buyer = await findBuyer(db, query.buyerId);
  const span = spanOfDays(query.from, query.to);
  const paged = query.page !== undefined || query.size !== undefined;
  const page = query.page ?? 1;
  const size = query.size ?? 50;
  const offset = paged ? (page - 1) * size : 0;
  const days = await movementDaysOf(db, buyer.id, span, offset);
  const capped = days.count > COUNT_LIMIT;
  const count = Math.min(days.count, COUNT_LIMIT);
  const limit = paged ? Math.min(size, count - offset) : TRANSACTIONS_UNPAGED_LIMIT;
  const transactions =
    offset < count && days.edgeDay !== null
      ? await newestTransactions(
          db,
          buyer.id,
          spanFromDay(span, days.edgeDay, 'newest'),
          offset - (days.passed ?? 0),
          limit,
        )
      : [];
  if (!paged) {
    return {
      rows: transactions,
      total: count,
      limit: TRANSACTIONS_UNPAGED_LIMIT,
      ...(capped && { totalCapped: true }),
    };
  }
  return {
    transactions,
    page,
    size,
    count,
    totalPages: Math.ceil(count / size),
    ...(capped && { countCapped: true as const }),
  };
}
