import {
  type AccountingTransaction,
  TRANSACTIONS_UNPAGED_LIMIT,
  type TransactionPage,
  type TransactionsQuery,
} from '@mandira/contract/accounting';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Bounded } from '../../http/unpaged-limit.ts';
import { spanOfDays } from './account-movements.ts';
import { findBuyer, MOVEMENT_DETAILS, type TransactionRow, toTransaction } from './accounting.repo.ts';
import { movementsCountedUpTo, newestMovements } from './newest-movements.ts';

type Query = z.output<typeof TransactionsQuery>;

/**
 * `GET /accounting/transactions`: the buyer's movements of the range (Istanbul days), newest first: its
 * transactions and, as on the statement, the adjustments of orders whose dealt total is not their total
 * at placing, so Hesap Hareketleri and Hesap Ekstresi list the same movements (decision 143). An array,
 * or a page when page or size is given (decision 76). A page reads the newest movements down to its own
 * end from the indexes, never the whole range (decision 162); the count stops at COUNT_LIMIT (decision
 * 149), and the pages reach the newest COUNT_LIMIT movements. Only the page's rows look up their order
 * and writer. The array holds the newest TRANSACTIONS_UNPAGED_LIMIT and the count, for the route's
 * headers (decision 149).
 */
export async function listTransactions(
  db: Db,
  query: Query,
): Promise<Bounded<AccountingTransaction> | TransactionPage> {
  const buyer = await findBuyer(db, query.buyerId);
  const span = spanOfDays(query.from, query.to);
  const [{ count: counted }] = (await rowsOf<{ count: number }>(
    db,
    movementsCountedUpTo(buyer.id, span),
  )) as [{ count: number }];
  const capped = counted > COUNT_LIMIT;
  const count = Math.min(counted, COUNT_LIMIT);
  const paged = query.page !== undefined || query.size !== undefined;
  const page = query.page ?? 1;
  const size = query.size ?? 50;
  const offset = paged ? (page - 1) * size : 0;
  const limit = paged ? Math.min(size, count - offset) : TRANSACTIONS_UNPAGED_LIMIT;
  const transactions = offset < count ? await newestTransactions(db, buyer.id, query, offset, limit) : [];
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

/** The movements `offset` to `offset + limit` of the range, newest first, with their details. */
async function newestTransactions(
  db: Db,
  buyerId: number,
  query: Query,
  offset: number,
  limit: number,
): Promise<AccountingTransaction[]> {
  const rows = await rowsOf<TransactionRow>(
    db,
    sql`with m as (${newestMovements(buyerId, spanOfDays(query.from, query.to), offset + limit)}),
        p as (select * from m order by m.at desc, m.seq desc, m.tie desc limit ${limit} offset ${offset})
        select p.kind, p.transaction_id as id, ${buyerId}::int as buyer_id, p.at as created_at,
               p.order_id, p.reason, p.pay_type, p.logo_invoice_id,
               (case when p.kind = 'TRANSACTION' then t.amount else p.signed end)::numeric(14,2)::text as amount,
               ${MOVEMENT_DETAILS}
          from p
          -- Looked up row by row: the planner cannot tell the page is small and would hash whole tables.
          left join lateral (select * from accounting_transactions t where t.id = p.transaction_id offset 0) t on true
          cross join lateral (select * from orders o where o.id = p.order_id offset 0) o
          left join users u on u.id = t.created_by
         order by p.at desc, p.seq desc, p.tie desc`,
  );
  return rows.map(toTransaction);
}
