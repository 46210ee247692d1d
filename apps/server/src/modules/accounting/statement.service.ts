import {
  type AccountStatement,
  PAY_TYPE_LABELS,
  type PayType,
  STATEMENT_LINE_KINDS,
  type StatementLine,
  type StatementLineKind,
  type StatementQuery,
  TRANSACTION_REASON_LABELS,
  type TransactionReason,
} from '@mandira/contract/accounting';
import { addDays, istanbulDate, startOfIstanbulDay, toIstanbulIso } from '@mandira/contract/istanbul-time';
import { CANCELED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { DEALT_OF, findBuyer } from './accounting.repo.ts';

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
  line_count: number;
};

/** A half-open span of instants, as ISO timestamps; an open end is unbounded. */
type Span = { from?: string; to?: string };

const atLeast = (column: SQL, at: string | undefined) =>
  at ? sql`${column} >= ${at}::timestamptz` : sql`true`;
const before = (column: SQL, at: string | undefined) =>
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
 * changed before it (rare: a change dates the adjustment) are found from the span's NEW_ORDER rows, each
 * looking up its order. Left to itself the planner hashes every NEW_ORDER row, or every older order of
 * the buyer, instead; `offset 0` keeps the lookup per row.
 */
const BY_ORDER = sql`orders o
  cross join lateral (select * from accounting_transactions n
                       where n.order_id = o.id and n.reason = 'NEW_ORDER' offset 0) n`;
const BY_NEW_ORDER = sql`accounting_transactions n
  cross join lateral (select * from orders o where o.id = n.order_id offset 0) o`;

const movements = (buyerId: number, span: Span, shape: 'lines' | 'sums' = 'lines') => {
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
          and n.created_at >= ${span.from}::timestamptz`,
      BY_NEW_ORDER,
    )}`
        : sql``
    }`;
};

/**
 * The buyer's balance now, as the account summary sums it: the orders' dealt totals less the payments
 * and refunds, which is the sum of every movement (decision 78). Both sums read buyer indexes alone
 * (decision 123).
 */
const balanceNow = (buyerId: number) => sql`
  (select coalesce(sum(${DEALT_OF(sql`o`)}), 0) from orders o where o.buyer_id = ${buyerId})
  - (select coalesce(sum(t.amount), 0) from accounting_transactions t
      where t.buyer_id = ${buyerId} and t.reason <> 'NEW_ORDER')`;

/** The instants of the Istanbul days `from` to `to`, both included. */
const spanOfDays = (from: string | null, to: string): Span => ({
  ...(from && { from: startOfIstanbulDay(from).toISOString() }),
  to: startOfIstanbulDay(addDays(to, 1)).toISOString(),
});

/**
 * `GET /accounting/statement`: the balance before `from` (Istanbul days), each movement of the range in
 * date order with the balance after it, the range's debits and credits, and the closing balance; all
 * summed in SQL. Without `from` it starts at the first movement (opening 0); `to` defaults to today.
 * Balances and sums are numeric(20,2): a buyer's orders together may pass one order's numeric(14,2)
 * (decision 94). With page or size, `lines` is one page (100 lines unless asked) and `paging` says which.
 */
export async function accountStatement(db: Db, query: Query): Promise<AccountStatement> {
  const buyer = await findBuyer(db, query.buyerId);
  const to = query.to ?? istanbulDate(new Date());
  const from = query.from ?? null;
  const range = spanOfDays(from, to);
  // The opening balance is the balance now less the range's movements and those after it, so a recent
  // statement reads its own days, not the buyer's whole past (decision 123).
  const [totals] = await rowsOf<{ opening: string; debit: string; credit: string; closing: string }>(
    db,
    sql`with r as (
          select coalesce(sum(greatest(signed, 0)), 0)::numeric(20,2) as debit,
                 coalesce(sum(greatest(-signed, 0)), 0)::numeric(20,2) as credit
            from (${movements(buyer.id, range, 'sums')}) m),
        s as materialized (
          select ${
            from
              ? sql`(${balanceNow(buyer.id)}
                     - (select coalesce(sum(l.signed), 0) from (${movements(buyer.id, { from: range.to }, 'sums')}) l)
                     - r.debit + r.credit)`
              : sql`0`
          }::numeric(20,2) as opening, r.debit, r.credit
            from r)
        select opening::text, debit::text, credit::text, (opening + debit - credit)::numeric(20,2)::text as closing
          from s`,
  );
  const opening = totals!.opening;
  const paging = pagingOf(query);
  // The running balance is summed over the whole range first, so a page's lines carry the same
  // balances as the unpaged statement; only then is the page cut (decision 111).
  const rows = await rowsOf<LineRow>(
    db,
    sql`with m as (${movements(buyer.id, range)}),
        b as (
          select m.kind, m.transaction_id, m.at, m.seq, m.tie, m.order_id, m.reason, m.pay_type,
                 m.logo_invoice_id, m.canceled, greatest(m.signed, 0)::numeric(14,2)::text as debit,
                 greatest(-m.signed, 0)::numeric(14,2)::text as credit,
                 (${opening}::numeric(20,2)
                   + sum(m.signed) over (order by m.at, m.seq, m.tie rows between unbounded preceding and current row)
                 )::numeric(20,2)::text as balance,
                 count(*) over ()::int as line_count
            from m),
        p as (
          select * from b
           order by b.at, b.seq, b.tie
           ${paging ? sql`limit ${paging.size} offset ${(paging.page - 1) * paging.size}` : sql``})
        -- Only the page's lines look up their order's number.
        select p.*, o.order_number from p join orders o on o.id = p.order_id
         order by p.at, p.seq, p.tie`,
  );
  return {
    buyer,
    from,
    to,
    openingBalance: Number(opening),
    lines: rows.map(toLine),
    totalDebit: Number(totals!.debit),
    totalCredit: Number(totals!.credit),
    closingBalance: Number(totals!.closing),
    ...(paging && { paging: await pageOf(db, buyer.id, range, paging, rows[0]?.line_count) }),
  };
}

const STATEMENT_PAGE_SIZE = 100;

function pagingOf(query: Query): { page: number; size: number } | null {
  if (query.page === undefined && query.size === undefined) return null;
  return { page: query.page ?? 1, size: query.size ?? STATEMENT_PAGE_SIZE };
}

/** The page's place in the range; a page past the end counts the lines itself. */
async function pageOf(
  db: Db,
  buyerId: number,
  range: Span,
  paging: { page: number; size: number },
  counted: number | undefined,
): Promise<NonNullable<AccountStatement['paging']>> {
  let count = counted;
  if (count === undefined) {
    const [row] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from (${movements(buyerId, range, 'sums')}) m`,
    );
    count = row?.count ?? 0;
  }
  return { ...paging, count, totalPages: Math.ceil(count / paging.size) };
}

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
      ? `${order}: ${TRANSACTION_REASON_LABELS[row.reason!].toLocaleLowerCase('tr-TR')}${
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
