import type { AccountingTransaction } from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import { type Db, preparedRowsOf } from '../../db/client.ts';
import type { Span } from './account-movements.ts';
import { MOVEMENT_DETAILS, type TransactionRow, toTransaction } from './accounting.repo.ts';
import { type MovementDays, movementDays } from './movement-days.ts';
import { newestMovements } from './newest-movements.ts';

/**
 * How many movements of the buyer lie within `span`, counted up to one past COUNT_LIMIT, and the day
 * that holds the one `offset` places below the newest (`movementDays`).
 */
export async function movementDaysOf(
  db: Db,
  buyerId: number,
  span: Span,
  offset: number,
): Promise<MovementDays> {
  const [days] = (await preparedRowsOf<MovementDays>(
    db,
    'transactions_days',
    movementDays(buyerId, span, offset),
  )) as [MovementDays];
  return days;
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
        p as (select * from m order by m.at desc, m.seq desc, m.tie desc limit ${limit} offset ${offset}),
        -- Looked up row by row: the planner cannot tell the page is small and would hash whole tables.
        t as materialized (
          select p.*, t.amount, t.created_by from p
            left join lateral (select t.amount, t.created_by from accounting_transactions t
                                where t.id = p.transaction_id offset 0) t on true),
        -- The page's writers, read once as one list: joined to the rows, or to the writers one by one, a
        -- plan that does not know the page's size (a prepared statement's generic plan) or the users
        -- table's (statistics not yet taken) reads every user again for each.
        u as materialized (select u.id, u.name, u.surname, u.user_name from users u
                            where u.id = any(array(select distinct t.created_by from t)))
        select t.kind, t.transaction_id as id, ${buyerId}::int as buyer_id, t.at as created_at,
               t.order_id, t.reason, t.pay_type, t.logo_invoice_id,
               (case when t.kind = 'TRANSACTION' then t.amount else t.signed end)::numeric(14,2)::text as amount,
               ${MOVEMENT_DETAILS}
          from t
          cross join lateral (select * from orders o where o.id = t.order_id offset 0) o
          left join u on u.id = t.created_by
         order by t.at desc, t.seq desc, t.tie desc`,
  );
  return rows.map(toTransaction);
}
