import {
  type AccountStatement,
  PAY_TYPE_LABELS,
  type PayType,
  STATEMENT_LINE_KINDS,
  STATEMENT_MAX_LINES,
  STATEMENT_TOO_LONG_MESSAGE,
  type StatementLine,
  type StatementLineKind,
  type StatementQuery,
  TRANSACTION_REASON_LABELS,
  type TransactionReason,
} from '@mandira/contract/accounting';
import { istanbulDate, toIstanbulIso } from '@mandira/contract/istanbul-time';
import { CANCELED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { AppError } from '../../http/errors.ts';
import { daySums, movements, type Span, spanOfDays } from './account-movements.ts';
import { findBuyer } from './accounting.repo.ts';
import { orderedMovements } from './newest-movements.ts';

type Query = z.output<typeof StatementQuery>;

type LineRow = {
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
type Totals = { opening: string; debit: string; credit: string; closing: string; count: number };
/** A line of a whole statement (all null in an empty range's one row), the totals beside its own. */
type WholeRow = Partial<LineRow> &
  Omit<Totals, 'debit' | 'credit'> & { debit_total: string; credit_total: string };

/**
 * `GET /accounting/statement`: the balance before `from` (Istanbul days), each movement of the range in
 * date order with the balance after it, the range's debits and credits, and the closing balance; all
 * summed in SQL. Without `from` it starts at the first movement (opening 0); `to` defaults to today.
 * Balances and sums are numeric(20,2): a buyer's orders together may pass one order's numeric(14,2)
 * (decision 94). With page or size, `lines` is one page (100 lines unless asked) and `paging` says which;
 * without them a range of more than STATEMENT_MAX_LINES movements is refused with 422 on `from`, built
 * only that far (decision 171).
 */
export async function accountStatement(db: Db, query: Query): Promise<AccountStatement> {
  const buyer = await findBuyer(db, query.buyerId);
  const to = query.to ?? istanbulDate(new Date());
  const from = query.from ?? null;
  const range = spanOfDays(from, to);
  const paging = pagingOf(query);
  const { totals, lines } = paging
    ? await pageOf(db, buyer.id, range, from !== null, paging)
    : await wholeStatement(db, buyer.id, range, from !== null);
  return {
    buyer,
    from,
    to,
    openingBalance: Number(totals.opening),
    lines: lines.map(toLine),
    totalDebit: Number(totals.debit),
    totalCredit: Number(totals.credit),
    closingBalance: Number(totals.closing),
    ...(paging && {
      paging: { ...paging, count: totals.count, totalPages: Math.ceil(totals.count / paging.size) },
    }),
  };
}

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

/**
 * A whole statement is bounded (decision 149): refused before anyone prints or sends its lines, from
 * the range's kept day counts (decision 174), so a refused range costs one row a day of it. Within the
 * bound one statement builds the range's movements once, stopping one past the bound should a count be
 * behind (decision 171), and the same movements give the totals and the running balance (decisions 111,
 * 132). The totals ride on every row; an empty range answers one row with them alone.
 */
async function wholeStatement(db: Db, buyerId: number, range: Span, fromGiven: boolean) {
  // The kept day counts say it first: a range past the bound is refused from one row a day (decision 175).
  const [kept] = await rowsOf<{ count: string }>(db, daySums(buyerId, range));
  if (Number(kept?.count ?? 0) > STATEMENT_MAX_LINES) {
    throw new AppError('BUSINESS_RULE', STATEMENT_TOO_LONG_MESSAGE, 'from');
  }
  const rows = await rowsOf<WholeRow>(
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
  const first = rows[0]!;
  if (first.count > STATEMENT_MAX_LINES) {
    throw new AppError('BUSINESS_RULE', STATEMENT_TOO_LONG_MESSAGE, 'from');
  }
  const totals: Totals = { ...first, debit: first.debit_total, credit: first.credit_total };
  return { totals, lines: rows.filter((row): row is WholeRow & LineRow => row.kind != null) };
}

/**
 * A page: the range's totals from the day sums the writes keep, one row a day of the range (decision
 * 174), then the page's lines (decision 171).
 */
async function pageOf(
  db: Db,
  buyerId: number,
  range: Span,
  fromGiven: boolean,
  paging: { page: number; size: number },
) {
  const [totals] = (await rowsOf<Totals>(
    db,
    sql`with ${totalsOf(buyerId, range, fromGiven, daySums(buyerId, range))} select * from totals`,
  )) as [Totals];
  const offset = (paging.page - 1) * paging.size;
  const lines = offset < totals.count ? await linesOf(db, buyerId, range, totals, offset, paging.size) : [];
  return { totals, lines };
}

/**
 * The lines `offset` to `offset + size` of the range with the balance after each (decision 171). They
 * are read from the nearer end of the range through the buyer + date indexes (`orderedMovements`): from
 * its start, each balance is the opening plus the movements up to it; from its end, the closing less
 * the movements after it. Both are the running balance of the whole range (decision 111) without
 * reading the range past the page. Only the page's lines look up their order.
 */
async function linesOf(db: Db, buyerId: number, range: Span, totals: Totals, offset: number, size: number) {
  const fromStart = offset + size <= totals.count - offset;
  const read = fromStart ? offset + size : totals.count - offset;
  const balance = fromStart
    ? sql`${totals.opening}::numeric(20,2)
          + sum(m.signed) over (order by m.at, m.seq, m.tie rows between unbounded preceding and current row)`
    : sql`${totals.closing}::numeric(20,2)
          - coalesce(sum(m.signed) over (order by m.at desc, m.seq desc, m.tie desc
                                         rows between unbounded preceding and 1 preceding), 0)`;
  return rowsOf<LineRow>(
    db,
    sql`with m as (${orderedMovements(buyerId, range, read, fromStart ? 'earliest' : 'newest')}),
        b as (select m.*, (${balance})::numeric(20,2)::text as balance from m),
        p as (
          select * from b
           order by b.at ${fromStart ? sql`asc` : sql`desc`}, b.seq ${fromStart ? sql`asc` : sql`desc`},
                    b.tie ${fromStart ? sql`asc` : sql`desc`}
           limit ${size} offset ${fromStart ? offset : Math.max(read - size, 0)})
        select ${LINE_COLUMNS} from p ${ORDER_OF_LINE}
         order by p.at, p.seq, p.tie`,
  );
}

const STATEMENT_PAGE_SIZE = 100;

function pagingOf(query: Query): { page: number; size: number } | null {
  if (query.page === undefined && query.size === undefined) return null;
  return { page: query.page ?? 1, size: query.size ?? STATEMENT_PAGE_SIZE };
}

/** Each reason as it reads inside a line's description, lower-cased once rather than per line. */
const REASON_IN_TEXT = Object.fromEntries(
  Object.entries(TRANSACTION_REASON_LABELS).map(([reason, label]) => [
    reason,
    label.toLocaleLowerCase('tr-TR'),
  ]),
) as Record<keyof typeof TRANSACTION_REASON_LABELS, string>;

function toLine(row: LineRow): StatementLine {
  const order = `#${row.order_number} numaralı sipariş`;
  const isTransaction = row.kind === 'TRANSACTION';
  return {
    kind: row.kind,
    transactionId: row.transaction_id,
    date: toIstanbulIso(row.at instanceof Date ? row.at : new Date(row.at)),
    orderId: row.order_id,
    relatedOrderNumber: row.order_number,
    reasonDetail: isTransaction
      ? enumDescription(TRANSACTION_REASON_LABELS, row.reason!)
      : { name: 'ORDER_ADJUSTMENT', label: STATEMENT_LINE_KINDS.ORDER_ADJUSTMENT },
    payTypeDetail: row.pay_type ? enumDescription(PAY_TYPE_LABELS, row.pay_type) : null,
    logoInvoiceId: row.logo_invoice_id,
    description: isTransaction
      ? `${order}: ${REASON_IN_TEXT[row.reason!]}${
          row.pay_type && row.pay_type !== 'REFUND' ? ` (${PAY_TYPE_LABELS[row.pay_type]})` : ''
        }`
      : row.canceled
        ? `${order} iptal edildi`
        : `${order}: onaylanan / yüklenen miktara göre tutar farkı`,
    debit: Number(row.debit),
    credit: Number(row.credit),
    balance: Number(row.balance),
  };
}
