import {
  type PayType,
  STATEMENT_MAX_LINES,
  type StatementLineKind,
  type TransactionReason,
} from '@mandira/contract/accounting';
import { CANCELED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, rowsOf } from '../../db/client.ts';
import type { WalkFrom } from '../../db/day-edge.ts';
import { statusList } from '../../db/status-sql.ts';
import { PAGES_PASSED_WITHOUT_EDGE } from '../../http/unpaged-limit.ts';
import { daySums, movements, type Span } from './account-movements.ts';
import { type MovementEdge, movementEdge, spanFromDay } from './movement-days.ts';
import { orderedMovements } from './newest-movements.ts';

/** A line of a statement as read, with the balance after it. */
export type LineRow = {
  kind: StatementLineKind;
  transaction_id: number | null;
  at: Date | string;
  order_id: number;
  order_number: number;
  reason: TransactionReason | null;
  pay_type: PayType | null;
  logo_invoice_id: string | null;
  canceled: boolean;
  debit: string;
  credit: string;
  balance: string;
};

/**
 * The buyer's balance now: the orders' dealt totals less the payments and refunds, which is the sum of
 * every movement (decision 78), as the writes keep it in `buyer_balances` (decision 132); a buyer with no
 * order yet has no row and owes nothing.
 */
const balanceNow = (buyerId: number) =>
  sql`coalesce((select b.balance from buyer_balances b where b.buyer_id = ${buyerId}), 0)`;

/** The statement's figures: the balance before the range, the range's debits and credits, its count. */
export type Totals = { opening: string; debit: string; credit: string; closing: string; count: number };
/** A line of a whole statement (all null in an empty range's one row), the totals beside its own. */
export type WholeRow = Partial<LineRow> &
  Omit<Totals, 'debit' | 'credit'> & { debit_total: string; credit_total: string };

/** The range's debits, credits and count summed from `m`, its movements (a whole statement's). */
const SUMS_OF_MOVEMENTS = sql`select coalesce(sum(greatest(m.signed, 0)), 0) as debit,
                                     coalesce(sum(greatest(-m.signed, 0)), 0) as credit, count(*) as count
                                from m`;

/**
 * The range's debits, credits and count from `sums` (`daySums`, or `SUMS_OF_MOVEMENTS` where the
 * movements are read anyway), and the balances they open and close on. The opening balance is the
 * balance the writes keep less the days after the range and the range's own, so it reads one row and
 * the days from `from` on, never the buyer's past nor its movements (decisions 123, 132, 174).
 */
const totalsOf = (buyerId: number, range: Span, fromGiven: boolean, sums: SQL) => sql`
  r as (
    select k.debit::numeric(20,2) as debit, k.credit::numeric(20,2) as credit, k.count::int as count
      from (${sums}) k),
  s as materialized (
    select ${
      fromGiven
        ? sql`(${balanceNow(buyerId)}
               - (select a.debit - a.credit from (${daySums(buyerId, { from: range.to })}) a)
               - r.debit + r.credit)`
        : sql`0`
    }::numeric(20,2) as opening, r.debit, r.credit, r.count
      from r),
  totals as (
    select s.opening::text as opening, s.debit::text as debit, s.credit::text as credit,
           (s.opening + s.debit - s.credit)::numeric(20,2)::text as closing, s.count
      from s)`;

/** The columns of a line from `p`, a page of movements; only the page's lines look up their order. */
const LINE_COLUMNS = sql`p.kind, p.transaction_id, p.at, p.order_id, o.order_number, p.reason, p.pay_type,
  p.logo_invoice_id, p.kind = 'ORDER_ADJUSTMENT' and o.status in (${statusList(CANCELED_ORDER_STATUSES)}) as canceled,
  greatest(p.signed, 0)::numeric(14,2)::text as debit, greatest(-p.signed, 0)::numeric(14,2)::text as credit,
  p.balance`;
const ORDER_OF_LINE = sql`cross join lateral (select o.order_number, o.status from orders o
                                              where o.id = p.order_id offset 0) o`;

/** How many movements of the range the kept day counts hold (decision 175): one row a day of the range. */
export async function keptMovementCount(db: Db, buyerId: number, range: Span): Promise<number> {
  const [kept] = await rowsOf<{ count: string }>(db, daySums(buyerId, range));
  return Number(kept?.count ?? 0);
}

/**
 * A whole statement in one statement: the range's movements built once, stopping one past
 * STATEMENT_MAX_LINES should a count be behind (decision 171), and the same movements give the totals
 * and the running balance (decisions 111, 132). The totals ride on every row; an empty range, or one
 * past the bound, answers one row with them alone.
 */
export function wholeStatementRows(db: Db, buyerId: number, range: Span, fromGiven: boolean) {
  return rowsOf<WholeRow>(
    db,
    sql`with m as materialized (select * from (${movements(buyerId, range)}) m limit ${STATEMENT_MAX_LINES + 1}),
        ${totalsOf(buyerId, range, fromGiven, SUMS_OF_MOVEMENTS)},
        p as (
          select m.*, (t.opening::numeric(20,2)
                       + sum(m.signed) over (order by m.at, m.seq, m.tie rows between unbounded preceding and current row)
                      )::numeric(20,2)::text as balance
            from m cross join totals t
           where t.count <= ${STATEMENT_MAX_LINES})
        select l.*, totals.opening, totals.debit as debit_total, totals.credit as credit_total,
               totals.closing, totals.count
          from totals
          left join (select ${LINE_COLUMNS}, p.seq, p.tie from p ${ORDER_OF_LINE}) l on true
         order by l.at, l.seq, l.tie`,
  );
}

/** The range's totals from the day sums the writes keep, one row a day of the range (decision 174). */
export async function rangeTotals(db: Db, buyerId: number, range: Span, fromGiven: boolean): Promise<Totals> {
  const [totals] = (await preparedRowsOf<Totals>(
    db,
    'statement_totals',
    sql`with ${totalsOf(buyerId, range, fromGiven, daySums(buyerId, range))} select * from totals`,
  )) as [Totals];
  return totals;
}

/**
 * The lines `offset` to `offset + size` of the range with the balance after each (decision 171). They
 * are read from the nearer end of the range through the buyer + date indexes (`orderedMovements`): from
 * its start, each balance is the opening plus the movements up to it; from its end, the closing less
 * the movements after it. Both are the running balance of the whole range (decision 111) without
 * reading the range past the page. A page more than a couple of pages away from that end starts at
 * the day that holds its first line, which the kept day rows tell with the movements and the balance
 * change of the days before it (decision 195), so it passes that day's earlier lines only. Only the
 * page's lines look up their order.
 */
export async function linesOf(
  db: Db,
  buyerId: number,
  range: Span,
  totals: Totals,
  offset: number,
  size: number,
) {
  const fromStart = offset + size <= totals.count - offset;
  const from = fromStart ? 'earliest' : 'newest';
  // The page as seen from the end it is read from: `skip` lines, then `take`.
  const skip = fromStart ? offset : Math.max(totals.count - offset - size, 0);
  const take = fromStart ? size : Math.min(size, totals.count - offset);
  const { span, passed, passedSigned } = await pageStart(db, buyerId, range, { skip, size, from });
  const balance = fromStart
    ? sql`${totals.opening}::numeric(20,2) + ${passedSigned}::numeric(20,2)
          + sum(m.signed) over (order by m.at, m.seq, m.tie rows between unbounded preceding and current row)`
    : sql`${totals.closing}::numeric(20,2) - ${passedSigned}::numeric(20,2)
          - coalesce(sum(m.signed) over (order by m.at desc, m.seq desc, m.tie desc
                                         rows between unbounded preceding and 1 preceding), 0)`;
  const way = fromStart ? sql`asc` : sql`desc`;
  return preparedRowsOf<LineRow>(
    db,
    'statement_lines',
    sql`with m as (${orderedMovements(buyerId, span, skip - passed + take, from)}),
        b as (select m.*, (${balance})::numeric(20,2)::text as balance from m),
        p as (select * from b order by b.at ${way}, b.seq ${way}, b.tie ${way} limit ${take} offset ${skip - passed})
        select ${LINE_COLUMNS} from p ${ORDER_OF_LINE}
         order by p.at, p.seq, p.tie`,
  );
}

/**
 * Where a page's walk starts: from the day of the range that holds the line `skip` places from `from`'s
 * end (`movementEdge`), with the lines before that day and how they move the balance; from the range's
 * end for a page near it, which passes its few lines instead of looking a day up.
 */
async function pageStart(
  db: Db,
  buyerId: number,
  range: Span,
  { skip, size, from }: { skip: number; size: number; from: WalkFrom },
): Promise<{ span: Span; passed: number; passedSigned: string }> {
  const whole = { span: range, passed: 0, passedSigned: '0' };
  if (skip <= PAGES_PASSED_WITHOUT_EDGE * size) return whole;
  const [edge] = await rowsOf<MovementEdge>(db, movementEdge(buyerId, range, skip, from));
  if (!edge?.edgeDay) return whole;
  return {
    span: spanFromDay(range, edge.edgeDay, from),
    passed: edge.passed ?? 0,
    passedSigned: edge.passedSigned ?? '0',
  };
}
