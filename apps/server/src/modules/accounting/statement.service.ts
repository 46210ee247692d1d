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
import { enumDescription } from '@mandira/contract/state-machine';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { movements, spanOfDays } from './account-movements.ts';
import { findBuyer } from './accounting.repo.ts';

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

/** A line of the page (all null past its end) with the statement's totals. */
type StatementRow = LineRow & {
  opening: string;
  debit_total: string;
  credit_total: string;
  closing: string;
  count: number;
};

/**
 * The buyer's balance now: the orders' dealt totals less the payments and refunds, which is the sum of
 * every movement (decision 78), as the writes keep it in `buyer_balances` (decision 132); a buyer with no
 * order yet has no row and owes nothing.
 */
const balanceNow = (buyerId: number) =>
  sql`coalesce((select b.balance from buyer_balances b where b.buyer_id = ${buyerId}), 0)`;

/**
 * `GET /accounting/statement`: the balance before `from` (Istanbul days), each movement of the range in
 * date order with the balance after it, the range's debits and credits, and the closing balance; all
 * summed in SQL. Without `from` it starts at the first movement (opening 0); `to` defaults to today.
 * Balances and sums are numeric(20,2): a buyer's orders together may pass one order's numeric(14,2)
 * (decision 94). With page or size, `lines` is one page (100 lines unless asked) and `paging` says which;
 * without them a range of more than STATEMENT_MAX_LINES movements is refused with 422 on `from`.
 */
export async function accountStatement(db: Db, query: Query): Promise<AccountStatement> {
  const buyer = await findBuyer(db, query.buyerId);
  const to = query.to ?? istanbulDate(new Date());
  const from = query.from ?? null;
  const range = spanOfDays(from, to);
  const paging = pagingOf(query);
  // One statement builds the range's movements once (decision 132). The opening balance is the balance
  // the writes keep less the movements after the range and the range's own, so it reads one row and the
  // days from `from` on, never the buyer's past (decisions 123, 132). The running balance is summed over
  // the whole range first, so a page's lines carry the same balances as the unpaged statement; only then
  // is the page cut (decision 111). The totals ride on every row; a page past the end answers one row
  // with them alone.
  const rows = await rowsOf<StatementRow>(
    db,
    sql`with m as materialized (${movements(buyer.id, range)}),
        r as (
          select coalesce(sum(greatest(m.signed, 0)), 0)::numeric(20,2) as debit,
                 coalesce(sum(greatest(-m.signed, 0)), 0)::numeric(20,2) as credit,
                 count(*)::int as count
            from m),
        s as (
          select ${
            from
              ? sql`(${balanceNow(buyer.id)}
                     - (select coalesce(sum(l.signed), 0) from (${movements(buyer.id, { from: range.to }, 'sums')}) l)
                     - r.debit + r.credit)`
              : sql`0`
          }::numeric(20,2) as opening, r.debit, r.credit, r.count
            from r),
        b as (
          select m.kind, m.transaction_id, m.at, m.seq, m.tie, m.order_id, m.reason, m.pay_type,
                 m.logo_invoice_id, m.canceled, greatest(m.signed, 0)::numeric(14,2)::text as debit,
                 greatest(-m.signed, 0)::numeric(14,2)::text as credit,
                 (s.opening + sum(m.signed) over (order by m.at, m.seq, m.tie rows between unbounded preceding and current row)
                 )::numeric(20,2)::text as balance
            from m cross join s),
        p as (
          select * from b
           order by b.at, b.seq, b.tie
           ${paging ? sql`limit ${paging.size} offset ${(paging.page - 1) * paging.size}` : sql`limit ${STATEMENT_MAX_LINES}`})
        -- Only the page's lines look up their order's number.
        select p.*, o.order_number, s.opening::text as opening, s.debit::text as debit_total,
               s.credit::text as credit_total, (s.opening + s.debit - s.credit)::numeric(20,2)::text as closing, s.count
          from s left join p on true left join orders o on o.id = p.order_id
         order by p.at, p.seq, p.tie`,
  );
  const totals = rows[0]!;
  // A whole statement is bounded (decision 149): refused before anyone prints or sends its lines.
  if (!paging && totals.count > STATEMENT_MAX_LINES) {
    throw new AppError('BUSINESS_RULE', STATEMENT_TOO_LONG_MESSAGE(totals.count), 'from');
  }
  const lines = rows.filter((row) => row.kind !== null);
  return {
    buyer,
    from,
    to,
    openingBalance: Number(totals.opening),
    lines: lines.map(toLine),
    totalDebit: Number(totals.debit_total),
    totalCredit: Number(totals.credit_total),
    closingBalance: Number(totals.closing),
    ...(paging && {
      paging: { ...paging, count: totals.count, totalPages: Math.ceil(totals.count / paging.size) },
    }),
  };
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
