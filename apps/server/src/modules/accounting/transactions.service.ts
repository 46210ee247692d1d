import {
  type AccountingTransaction,
  TRANSACTIONS_UNPAGED_LIMIT,
  type TransactionPage,
  type TransactionsQuery,
} from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Bounded } from '../../http/unpaged-limit.ts';
import { movements, spanOfDays } from './account-movements.ts';
import { findBuyer, MOVEMENT_DETAILS, type TransactionRow, toTransaction } from './accounting.repo.ts';

type Query = z.output<typeof TransactionsQuery>;

/** A movement of the page (all null past its end) with the count of the whole range. */
type ListedRow = TransactionRow & { count: number };

/**
 * `GET /accounting/transactions`: the buyer's movements of the range (Istanbul days), newest first: its
 * transactions and, as on the statement, the adjustments of orders whose dealt total is not their total
 * at placing, so Hesap Hareketleri and Hesap Ekstresi list the same movements (decision 143). An array,
 * or a page when page or size is given (decision 76). The movements are built once in SQL, counted,
 * and only then is the page cut; only the page's rows look up their order and writer. The array holds
 * the newest TRANSACTIONS_UNPAGED_LIMIT and the count, for the route's headers (decision 149).
 */
export async function listTransactions(
  db: Db,
  query: Query,
): Promise<Bounded<AccountingTransaction> | TransactionPage> {
  const buyer = await findBuyer(db, query.buyerId);
  const paged = query.page !== undefined || query.size !== undefined;
  const page = query.page ?? 1;
  const size = query.size ?? 50;
  const rows = await rowsOf<ListedRow>(
    db,
    sql`with m as materialized (${movements(buyer.id, spanOfDays(query.from, query.to))}),
        c as (select count(*)::int as count from m),
        p as (
          select * from m
           order by m.at desc, m.seq desc, m.tie desc
           ${paged ? sql`limit ${size} offset ${(page - 1) * size}` : sql`limit ${TRANSACTIONS_UNPAGED_LIMIT}`})
        select c.count, p.kind, p.transaction_id as id, ${buyer.id}::int as buyer_id, p.at as created_at,
               p.order_id, p.reason, p.pay_type, p.logo_invoice_id,
               (case when p.kind = 'TRANSACTION' then t.amount else p.signed end)::numeric(14,2)::text as amount,
               ${MOVEMENT_DETAILS}
          from c
          left join p on true
          left join accounting_transactions t on t.id = p.transaction_id
          left join orders o on o.id = p.order_id
          left join users u on u.id = t.created_by
         order by p.at desc, p.seq desc, p.tie desc`,
  );
  const transactions = rows.filter((row) => row.kind !== null).map(toTransaction);
  const count = rows[0]!.count;
  if (!paged) return { rows: transactions, total: count, limit: TRANSACTIONS_UNPAGED_LIMIT };
  return { transactions, page, size, count, totalPages: Math.ceil(count / size) };
}
