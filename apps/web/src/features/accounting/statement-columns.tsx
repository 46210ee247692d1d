import { Text } from '@mantine/core';
import { type DataTableColumn, EXCEL_FORMATS } from '../../lib/data-table/column.ts';
import { formatDate, formatDateTime, formatMoney, spreadsheetDate } from '../../lib/format/format.ts';
import type { StatementRow } from './statement-rows.ts';

type Column = DataTableColumn<StatementRow>;

const framing = (row: StatementRow) => row.kind !== 'LINE';
/** A line's time; the opening and closing rows stand for a day. */
const shownDate = (row: StatementRow) =>
  row.kind === 'LINE' ? formatDateTime(row.date) : formatDate(row.date);

const money = (id: 'debit' | 'credit' | 'balance', header: string): Column => ({
  id,
  header,
  value: (row) => row[id],
  render: (row) => (
    <Text
      fz="sm"
      fw={framing(row) || id === 'balance' ? 700 : 400}
      c={id === 'balance' && row.balance < 0 ? 'teal.8' : undefined}
    >
      {formatMoney(row[id])}
    </Text>
  ),
  searchValue: (row) => formatMoney(row[id]),
  excelFormat: EXCEL_FORMATS.money,
  align: 'right',
  noWrap: true,
  // The running balance only reads in date order.
  sortable: false,
});

/** The account statement (hesap ekstresi): a below-0 balance is the buyer's credit. */
export const STATEMENT_COLUMNS: Column[] = [
  {
    id: 'date',
    header: 'Tarih',
    value: (row) => row.date,
    render: shownDate,
    // A real date in the file; the opening and closing rows' days are times at midnight.
    exportValue: (row) =>
      spreadsheetDate(row.kind === 'LINE' ? row.date : `${row.date.slice(0, 10)}T00:00:00+03:00`),
    searchValue: shownDate,
    excelFormat: EXCEL_FORMATS.dateTime,
    noWrap: true,
    sortable: false,
  },
  {
    id: 'orderNumber',
    header: 'Sipariş No',
    value: (row) => row.orderNumber,
    noWrap: true,
    sortable: false,
  },
  {
    id: 'description',
    header: 'Açıklama',
    value: (row) => row.description,
    render: (row) => (
      <Text fz="sm" fw={framing(row) ? 700 : 400}>
        {row.description}
      </Text>
    ),
    minWidth: 160,
    sortable: false,
  },
  { id: 'reason', header: 'İşlem', value: (row) => row.reason, minWidth: 110, sortable: false },
  { id: 'payType', header: 'Ödeme Tipi', value: (row) => row.payType, noWrap: true, sortable: false },
  {
    id: 'logoInvoiceId',
    header: 'Logo Fatura No',
    value: (row) => row.logoInvoiceId,
    noWrap: true,
    sortable: false,
  },
  money('debit', 'Borç'),
  money('credit', 'Alacak'),
  money('balance', 'Bakiye'),
];
