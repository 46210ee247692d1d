import type { AccountingTransaction, TransactionPage, TransactionsQuery } from '@mandira/contract/accounting';
import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { countBuyerTransactions, countTransactions, findBuyer, findTransactions } from './accounting.repo.ts';

type Query = z.output<typeof TransactionsQuery>;

/** Transactions on or after the Istanbul day `from` and on or before the day `to`. */
export function withinDays(column: SQL, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(
    from ? sql`${column} >= ${startOfIstanbulDay(from).toISOString()}::timestamptz` : undefined,
    to ? sql`${column} < ${startOfIstanbulDay(addDays(to, 1)).toISOString()}::timestamptz` : undefined,
  );
}

/**
 * `GET /accounting/transactions`: the buyer's transactions of the range, newest first; an array, or a
 * page when page or size is given (decision 76). The count of a page is exact: without a range it is the
 * buyer's transaction count the writes keep, with one it is counted from the buyer + date index
 * (decision 132).
 */
export async function listTransactions(
  db: Db,
  query: Query,
): Promise<AccountingTransaction[] | TransactionPage> {
  await findBuyer(db, query.buyerId);
  const where = and(sql`t.buyer_id = ${query.buyerId}`, withinDays(sql`t.created_at`, query.from, query.to))!;
  if (query.page === undefined && query.size === undefined) return findTransactions(db, where);
  const page = query.page ?? 1;
  const size = query.size ?? 50;
  const [transactions, count] = await Promise.all([
    findTransactions(db, where, { limit: size, offset: (page - 1) * size }),
    query.from || query.to ? countTransactions(db, where) : countBuyerTransactions(db, query.buyerId),
  ]);
  return { transactions, page, size, count, totalPages: Math.ceil(count / size) };
}
