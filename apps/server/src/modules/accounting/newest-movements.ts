import { sql } from 'drizzle-orm';
import { atLeast, before, type Span } from './account-movements.ts';
import { DEALT_OF } from './accounting.repo.ts';

const ADJUSTMENT_COLUMNS = sql`'ORDER_ADJUSTMENT' as kind, null::int as transaction_id, 1 as seq, o.id as tie,
  o.id as order_id, null::text as reason, null::text as pay_type, null::text as logo_invoice_id,
  ${DEALT_OF(sql`o`)} - n.amount as signed`;

/**
 * The newest (or, `from: 'earliest'`, the earliest) `n` movements of the buyer within `span`
 * (account-movements.ts names them), in that order, read from one end of the buyer + date indexes
 * rather than built whole and sorted (decision 162; the earliest end for the statement's pages, decision
 * 171). The transactions come from (buyer_id, created_at desc, id desc), the adjustments of orders last
 * changed after their NEW_ORDER from (buyer_id, updated_at): each side stops at `n` rows, and the first
 * `n` of both together are the first `n` movements. When the transactions fill their `n`, an adjustment
 * past the `n`-th of them cannot be among the first `n` either, so the orders are walked only down to that
 * instant: adjustments are a few of the orders, and the walk would otherwise pass every order between
 * them (decision 195). An adjustment dated by its NEW_ORDER (the order last
 * changed before the ledger entry: rare, never by the server's own writes) lies within the `n`-th of
 * those, or it is not among the first `n`; so only the NEW_ORDER rows up to that instant are looked at,
 * at most `n` rows too, walked from the same end so that the planner reads the index from there even
 * when it cannot tell how far that instant is. The orders are looked up row by row (`offset 0`, as in
 * account-movements.ts).
 */
export const orderedMovements = (
  buyerId: number,
  span: Span,
  n: number,
  from: 'newest' | 'earliest' = 'newest',
) => {
  const newest = from === 'newest';
  const way = newest ? sql`desc` : sql`asc`;
  // The instant of the n-th movement of `top` (null when there are fewer): the late adjustments lie
  // between the span's end they are read from and it.
  const bound = newest
    ? sql`n.created_at >= coalesce((select at from edge), ${span.from ?? null}::timestamptz, '-infinity')
          and ${before(sql`n.created_at`, span.to)}`
    : sql`${atLeast(sql`n.created_at`, span.from)}
          and n.created_at <= coalesce((select at from edge), ${span.to ?? null}::timestamptz, 'infinity')
          and ${before(sql`n.created_at`, span.to)}`;
  return sql`
  with t as (
    select 'TRANSACTION' as kind, t.id as transaction_id, t.created_at as at, 0 as seq, t.id as tie,
           t.order_id, t.reason, t.pay_type, t.logo_invoice_id,
           case when t.reason = 'NEW_ORDER' then t.amount else -t.amount end as signed
      from accounting_transactions t
     where t.buyer_id = ${buyerId} and ${atLeast(sql`t.created_at`, span.from)} and ${before(sql`t.created_at`, span.to)}
     order by t.created_at ${way}, t.id ${way}
     limit ${n}),
  t_edge as (select case when count(*) = ${n} then ${newest ? sql`min(at)` : sql`max(at)`} end as at from t),
  a as (
    select ${ADJUSTMENT_COLUMNS}, o.updated_at as at
      from orders o
      cross join lateral (select n.amount, n.created_at from accounting_transactions n
                           where n.order_id = o.id and n.reason = 'NEW_ORDER' offset 0) n
     where o.buyer_id = ${buyerId} and ${atLeast(sql`o.updated_at`, span.from)} and ${before(sql`o.updated_at`, span.to)}
       and ${
         newest
           ? sql`o.updated_at >= coalesce((select at from t_edge), '-infinity')`
           : sql`o.updated_at <= coalesce((select at from t_edge), 'infinity')`
       }
       and n.created_at <= o.updated_at and ${DEALT_OF(sql`o`)} <> n.amount
     order by o.updated_at ${way}, o.id ${way}
     limit ${n}),
  top as (
    select kind, transaction_id, at, seq, tie, order_id, reason, pay_type, logo_invoice_id, signed from t
    union all
    select kind, transaction_id, at, seq, tie, order_id, reason, pay_type, logo_invoice_id, signed from a
     order by at ${way}, seq ${way}, tie ${way}
     limit ${n}),
  edge as (select case when count(*) = ${n} then ${newest ? sql`min(at)` : sql`max(at)`} end as at from top),
  late as (
    select ${ADJUSTMENT_COLUMNS}, n.created_at as at
      from accounting_transactions n
      cross join lateral (select * from orders o where o.id = n.order_id offset 0) o
     where n.buyer_id = ${buyerId} and n.reason = 'NEW_ORDER' and ${bound}
       and n.created_at > o.updated_at and ${DEALT_OF(sql`o`)} <> n.amount
     order by n.created_at ${way}, n.order_id ${way}
     limit ${n})
  select kind, transaction_id, at, seq, tie, order_id, reason, pay_type, logo_invoice_id, signed from top
  union all
  select kind, transaction_id, at, seq, tie, order_id, reason, pay_type, logo_invoice_id, signed from late`;
};

/** The newest `n` movements of the buyer within `span`, newest first (see `orderedMovements`). */
export const newestMovements = (buyerId: number, span: Span, n: number) => orderedMovements(buyerId, span, n);
