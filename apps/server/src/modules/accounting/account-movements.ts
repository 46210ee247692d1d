import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { CANCELED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import { statusList } from '../../db/status-sql.ts';
import { DEALT_OF } from './accounting.repo.ts';

/** A half-open span of instants, as ISO timestamps; an open end is unbounded. */
export type Span = { from?: string; to?: string };

/** `column` within the span's start and end: true when that end is open. */
export const atLeast = (column: SQL, at: string | undefined) =>
  at ? sql`${column} >= ${at}::timestamptz` : sql`true`;
export const before = (column: SQL, at: string | undefined) =>
  at ? sql`${column} < ${at}::timestamptz` : sql`true`;

/**
 * Every movement of the buyer's balance (decision 78) dated within `span`: its transactions (NEW_ORDER
 * raises the balance by the total at placing, payments and refunds lower it) and, for each order whose
 * dealt total is not its total at placing (items canceled, partly approved or loaded, the order
 * canceled), an adjustment by the difference, dated at the order's last change. Summed over all time
 * they give the summary's balance. `signed` is the change of the balance; `seq` orders lines of one
 * instant. An adjustment's date is the later of two columns, so its span is written on each column and
 * the start split in two disjoint parts: every part then reads a buyer + date index, and a statement
 * reads only its own span however long the buyer's history is (decision 119).
 */
/**
 * An adjustment pairs an order with its NEW_ORDER row. The orders changed within a span are found by
 * the buyer + date index and each looks up its NEW_ORDER row; those placed within the span but last
 * changed before it (rare: a change dates the adjustment) are found from the span's NEW_ORDER rows: those
 * whose order changed within the span are set aside first by one hashed list of the buyer's orders changed
 * since its start, so only the rare rest look up their order (decision 132). Left to itself the planner
 * hashes every NEW_ORDER row, or every older order of the buyer, instead; `offset 0` keeps the lookup per
 * row.
 */
const BY_ORDER = sql`orders o
  cross join lateral (select * from accounting_transactions n
                       where n.order_id = o.id and n.reason = 'NEW_ORDER' offset 0) n`;
const BY_NEW_ORDER = sql`accounting_transactions n
  cross join lateral (select * from orders o where o.id = n.order_id offset 0) o`;

export const movements = (buyerId: number, span: Span, shape: 'lines' | 'sums' = 'lines') => {
  const lines = shape === 'lines';
  const adjustment = (where: SQL, source = BY_ORDER) => sql`
    select ${
      lines
        ? sql`'ORDER_ADJUSTMENT' as kind, null::int as transaction_id, greatest(o.updated_at, n.created_at) as at,
              1 as seq, o.id as tie, o.id as order_id, null::text as reason, null::text as pay_type,
              null::text as logo_invoice_id, o.status in (${statusList(CANCELED_ORDER_STATUSES)}) as canceled,`
        : sql``
    } ${DEALT_OF(sql`o`)} - n.amount as signed
      from ${source}
     where o.buyer_id = ${buyerId} and ${DEALT_OF(sql`o`)} <> n.amount
       and ${before(sql`o.updated_at`, span.to)} and ${before(sql`n.created_at`, span.to)} and ${where}`;
  return sql`
    select ${
      lines
        ? sql`'TRANSACTION' as kind, t.id as transaction_id, t.created_at as at, 0 as seq, t.id as tie,
              t.order_id, t.reason, t.pay_type, t.logo_invoice_id, false as canceled,`
        : sql``
    } case when t.reason = 'NEW_ORDER' then t.amount else -t.amount end as signed
      from accounting_transactions t
     where t.buyer_id = ${buyerId} and ${atLeast(sql`t.created_at`, span.from)} and ${before(sql`t.created_at`, span.to)}
    union all
    ${adjustment(atLeast(sql`o.updated_at`, span.from))}
    ${
      span.from
        ? sql`union all
    ${adjustment(
      sql`o.updated_at < ${span.from}::timestamptz and n.buyer_id = ${buyerId} and n.reason = 'NEW_ORDER'
          and n.created_at >= ${span.from}::timestamptz
          and n.order_id not in (select c.id from orders c
                                  where c.buyer_id = ${buyerId} and c.updated_at >= ${span.from}::timestamptz)`,
      BY_NEW_ORDER,
    )}`
        : sql``
    }`;
};

/** The instants of the Istanbul days `from` to `to`, both included. */
export const spanOfDays = (from: string | null | undefined, to: string | null | undefined): Span => ({
  ...(from && { from: startOfIstanbulDay(from).toISOString() }),
  ...(to && { to: startOfIstanbulDay(addDays(to, 1)).toISOString() }),
});

/** The Istanbul day of an instant, as the kept day sums date their movements (migration 0033). */
export const dayOf = (at: string) => sql`buyer_day_of(${at}::timestamptz)`;

/**
 * The debits, credits and count of the buyer's movements within `span`, a span of whole Istanbul days
 * (`spanOfDays`), from the sums the writes keep per buyer and day (migration 0033, decision 174): one
 * row a day instead of the movements. Debits are the movements that raise the balance, credits those
 * that lower it, as a statement's lines split them.
 */
export const daySums = (buyerId: number, span: Span) => sql`
  select coalesce(sum(d.debit), 0) as debit, coalesce(sum(d.credit), 0) as credit,
         coalesce(sum(d.count), 0) as count
    from buyer_day_sums d
   where d.buyer_id = ${buyerId} and ${span.from ? sql`d.day >= ${dayOf(span.from)}` : sql`true`}
     and ${span.to ? sql`d.day < ${dayOf(span.to)}` : sql`true`}`;
