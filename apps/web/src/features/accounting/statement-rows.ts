import type { AccountStatement } from '@mandira/contract/accounting';

/** One row of the statement table: the opening balance, a line, or the closing balance with the totals. */
export type StatementRow = {
  key: string;
  kind: 'OPENING' | 'LINE' | 'CLOSING';
  /** ISO-8601 or 'YYYY-MM-DD'. */
  date: string;
  orderNumber: number | null;
  description: string;
  reason: string;
  payType: string;
  logoInvoiceId: string;
  debit: number | null;
  credit: number | null;
  balance: number;
};

/**
 * The statement as one table in date order, framed by its opening and closing balance, so the screen
 * and its Excel file show the same rows. A page of a paged statement opens with the opening balance
 * only on the first page and closes with the totals only on the last.
 */
export function statementRows(statement: AccountStatement): StatementRow[] {
  const blank = { orderNumber: null, reason: '', payType: '', logoInvoiceId: '' };
  const paging = statement.paging;
  const first = !paging || paging.page === 1;
  const last = !paging || paging.page >= paging.totalPages;
  const offset = paging ? (paging.page - 1) * paging.size : 0;
  const opening: StatementRow[] = [
    {
      ...blank,
      key: 'opening',
      kind: 'OPENING',
      date: statement.from ?? statement.lines[0]?.date ?? statement.to,
      description: 'Açılış bakiyesi',
      debit: null,
      credit: null,
      balance: statement.openingBalance,
    },
  ];
  const closing: StatementRow[] = [
    {
      ...blank,
      key: 'closing',
      kind: 'CLOSING',
      date: statement.to,
      description: 'Kapanış bakiyesi (dönem toplamları)',
      debit: statement.totalDebit,
      credit: statement.totalCredit,
      balance: statement.closingBalance,
    },
  ];
  return [
    ...(first ? opening : []),
    ...statement.lines.map(
      (line, index): StatementRow => ({
        key: `line-${offset + index}`,
        kind: 'LINE',
        date: line.date,
        orderNumber: line.relatedOrderNumber,
        description: line.description,
        reason: line.reasonDetail.label,
        payType: line.payTypeDetail?.label ?? '',
        logoInvoiceId: line.logoInvoiceId ?? '',
        debit: line.debit || null,
        credit: line.credit || null,
        balance: line.balance,
      }),
    ),
    ...(last ? closing : []),
  ];
}
