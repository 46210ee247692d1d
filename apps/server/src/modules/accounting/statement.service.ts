import {
  type AccountStatement,
  PAY_TYPE_LABELS,
  STATEMENT_LINE_KINDS,
  STATEMENT_MAX_LINES,
  STATEMENT_TOO_LONG_MESSAGE,
  type StatementLine,
  type StatementQuery,
  TRANSACTION_REASON_LABELS,
} from '@mandira/contract/accounting';
import { istanbulDate, toIstanbulIso } from '@mandira/contract/istanbul-time';
import { enumDescription } from '@mandira/contract/state-machine';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type Span, spanOfDays } from './account-movements.ts';
import { findBuyer } from './accounting.repo.ts';
import {
  keptMovementCount,
  type LineRow,
  linesOf,
  rangeTotals,
  type Totals,
  type WholeRow,
  wholeStatementRows,
} from './statement.repo.ts';

type Query = z.output<typeof StatementQuery>;

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

/**
 * A whole statement is bounded (decision 149): refused before anyone prints or sends its lines, from
 * the range's kept day counts (decision 174), so a refused range costs one row a day of it. Within the
 * bound one statement builds it (`wholeStatementRows`), and refuses it still should a count be behind
 * (decision 171).
 */
async function wholeStatement(db: Db, buyerId: number, range: Span, fromGiven: boolean) {
  // The kept day counts say it first: a range past the bound is refused from one row a day (decision 175).
  if ((await keptMovementCount(db, buyerId, range)) > STATEMENT_MAX_LINES) {
    throw new AppError('BUSINESS_RULE', STATEMENT_TOO_LONG_MESSAGE, 'from');
  }
  const rows = await wholeStatementRows(db, buyerId, range, fromGiven);
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
  const totals = await rangeTotals(db, buyerId, range, fromGiven);
  const offset = (paging.page - 1) * paging.size;
  const lines = offset < totals.count ? await linesOf(db, buyerId, range, totals, offset, paging.size) : [];
  return { totals, lines };
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
