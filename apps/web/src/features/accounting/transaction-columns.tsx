import type { AccountingTransaction } from '@mandira/contract/accounting';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDateTime, formatMoney } from '../../lib/format/format.ts';
import { isBilled } from '../../lib/orders/billing.ts';

type Column = DataTableColumn<AccountingTransaction>;

/** An order or an upward adjustment raises what the buyer owes, the rest lowers it: the colours say which. */
const amountColor = (transaction: AccountingTransaction) => {
  if (transaction.kind === 'ORDER_ADJUSTMENT') return transaction.amount > 0 ? undefined : 'teal.8';
  return transaction.reasonDetail.name === 'NEW_ORDER' ? undefined : 'teal.8';
};

/**
 * A transaction by its id; an adjustment, which has none, by its order: an order has at most one, the
 * difference of its dealt total from its total at placing (decision 143).
 */
export const transactionRowId = (transaction: AccountingTransaction): string =>
  transaction.id === null ? `adjustment-${transaction.orderId}` : `transaction-${transaction.id}`;

/** The order's figure on its row: billed once review has ended, before that what the account counts. */
function BilledLine({ transaction }: { transaction: AccountingTransaction }) {
  if (isBilled(transaction.orderStatusDescription)) {
    return <>Faturalanan {formatMoney(transaction.billedAmount)}</>;
  }
  return <>Faturalanmadı: hesapta {formatMoney(transaction.billedAmount)}</>;
}

/** The transaction table of the accounting screen, newest first. */
export const TRANSACTION_COLUMNS: Column[] = [
  {
    id: 'createdAt',
    header: 'Tarih',
    // The ISO text (with Istanbul's offset) sorts by time; the cell reads tr-TR.
    value: (transaction) => transaction.createdAt,
    render: (transaction) => formatDateTime(transaction.createdAt),
    exportValue: (transaction) => formatDateTime(transaction.createdAt),
    noWrap: true,
  },
  {
    id: 'relatedOrderNumber',
    header: 'Sipariş No',
    value: (transaction) => transaction.relatedOrderNumber,
    noWrap: true,
  },
  {
    id: 'reason',
    header: 'İşlem',
    value: (transaction) => transaction.reasonDetail.label,
    render: (transaction) => (
      <Text fz="sm" fw={600} c={amountColor(transaction)}>
        {transaction.reasonDetail.label}
      </Text>
    ),
    noWrap: true,
  },
  {
    id: 'payType',
    header: 'Ödeme Tipi',
    value: (transaction) => transaction.payTypeDetail?.label ?? '',
    noWrap: true,
  },
  {
    id: 'logoInvoiceId',
    header: 'Logo Fatura No',
    value: (transaction) => transaction.logoInvoiceId ?? '',
    noWrap: true,
  },
  {
    id: 'createdByName',
    header: 'İşlemi Yapan',
    // An adjustment is no one's writing: it follows from the order's review, loading or cancellation.
    value: (transaction) =>
      transaction.kind === 'ORDER_ADJUSTMENT' ? '' : (transaction.createdByName ?? 'Sistem'),
    minWidth: 110,
  },
  {
    id: 'amount',
    // An order's row holds what was ordered; a payment's or refund's row what was paid or refunded; an
    // adjustment's the change of what is owed, signed as the statement books it.
    header: 'İşlem Tutarı',
    value: (transaction) => transaction.amount,
    render: (transaction) => (
      <Text fz="sm" fw={600} c={amountColor(transaction)}>
        {formatMoney(transaction.amount)}
      </Text>
    ),
    searchValue: (transaction) => formatMoney(transaction.amount),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'openAmount',
    header: 'Açık Tutar',
    // Only an order's row has one: what is still to be paid on it now.
    value: (transaction) => transaction.openAmount,
    // On an order's row the open amount comes with what it is made of, each named (decision 105):
    // billed (what the account charges now) less paid; the row's amount is what was ordered. One cell
    // rather than two more columns, so the table still fits beside the menu at 1366 px.
    render: (transaction) =>
      transaction.openAmount === null ? null : (
        <span data-testid="open-amount">
          <Text fz="sm" fw={600} span display="block">
            {formatMoney(transaction.openAmount)}
          </Text>
          <Text fz="xs" c="dimmed" span display="block" data-testid="billed-amount">
            <BilledLine transaction={transaction} />
          </Text>
          <Text fz="xs" c="dimmed" span display="block" data-testid="paid-amount">
            Ödenen/İade {formatMoney(transaction.paidAmount)}
          </Text>
        </span>
      ),
    exportValue: (transaction) => transaction.openAmount,
    searchValue: (transaction) => formatMoney(transaction.openAmount),
    align: 'right',
    noWrap: true,
  },
];
