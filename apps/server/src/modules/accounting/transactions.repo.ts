import type { AccountingTransaction } from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import { type Db, preparedRowsOf } from '../../db/client.ts';
import type { Span } from './account-movements.ts';
import { MOVEMENT_DETAILS, type TransactionRow, toTransaction } from './accounting.repo.ts';
import { movementsCountedUpTo, newestMovements } from './newest-movements.ts';

/** How many movements of the buyer lie within `span`, counted up to one past COUNT_LIMIT. */
export async function countMovementsUpTo(db: Db, buyerId: number, span: Span): Promise<number> {
  const [{ count }] = (await preparedRowsOf<{ count: number }>(
    db,
    'transactions_counted',
    movementsCountedUpTo(buyerId, span),
  )) as [{ count: number }];
  return count;
}

/** The movements `offset` to `offset + limit` of the range, newest first, with their details. */
export async function newestTransactions(
  db: Db,
  buyerId: number,
  span: Span,
  offset: number,
  limit: number,
): Promise<AccountingTransaction[]> {
  const rows = await preparedRowsOf<TransactionRow>(
    db,
    'transactions_page',
    sql`with m as (${newestMovements(buyerId, span, offset + limit)}),
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
