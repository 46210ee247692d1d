import { z } from 'zod';
import { COUNT_LIMIT, countCapped } from './paging.ts';
import { EnumDescription } from './products.ts';

/**
 * What the buyer accounting calls answer (docs/domain/money.md): the summary, the transactions, a
 * payment's result and the account statement. `accounting.ts` re-exports them beside the requests.
 * Every amount is in Turkish lira, a JSON number with at most two decimals.
 */

const lira = (description: string) => z.number().describe(`Turkish lira, two decimals. ${description}`);
/** An instant as the ledger writes it: ISO 8601 with Istanbul's offset, '2026-11-24T14:05:00+03:00'. */
const istanbulInstant = (description: string) =>
  z.iso.datetime({ offset: true }).describe(`ISO 8601 with Istanbul's offset. ${description}`);

/** The account summary (docs/domain/money.md); every figure in lira with two decimals, summed in SQL. */
export const AccountingSummary = z
  .object({
    buyerId: z.number().int(),
    /** Orders not canceled. */
    totalOrderCount: z.number().int().describe("The buyer's orders that are not canceled."),
    /** Σ dealt totals of the orders not canceled (docs/domain/money.md, "Order totals"). */
    totalAmountOfOrders: lira('The dealt totals of the orders not canceled, summed.'),
    totalAmountOfOrderPayments: lira('Every ORDER_PAYMENT transaction, summed.'),
    totalAmountOfProductRefunds: lira('Every PRODUCT_REFUND transaction, summed.'),
    /** The balance: orders − payments − refunds; below 0 the buyer is in credit. */
    remainingAmountToPurchase: lira(
      'The balance: orders − payments − refunds; below 0 the buyer is in credit.',
    ),
  })
  .meta({ id: 'AccountingSummary' });
export type AccountingSummary = z.infer<typeof AccountingSummary>;

export const STATEMENT_LINE_KINDS = {
  TRANSACTION: 'Hesap hareketi',
  /** The change of an order's dealt total from its total at placing (decision 78). */
  ORDER_ADJUSTMENT: 'Sipariş tutarı düzeltmesi',
} as const;
export type StatementLineKind = keyof typeof STATEMENT_LINE_KINDS;
const StatementLineKindSchema = z.enum(
  Object.keys(STATEMENT_LINE_KINDS) as [StatementLineKind, ...StatementLineKind[]],
);

/**
 * A movement of the buyer's account as the transaction list shows it: a ledger transaction or, as on the
 * statement, an order's adjustment (decision 143), so the two finance tabs list the same movements.
 */
export const AccountingTransaction = z
  .object({
    kind: StatementLineKindSchema.describe(
      "TRANSACTION: a ledger transaction; ORDER_ADJUSTMENT: the change of an order's dealt total from its total at placing, as the statement lists it.",
    ),
    /** Null on an adjustment: it is computed, not written. */
    id: z.number().int().nullable().describe("The transaction's id; null on an adjustment."),
    buyerId: z.number().int(),
    /** ISO-8601 with Istanbul's offset. */
    createdAt: istanbulInstant("When it was written; an adjustment's: the order's last change."),
    orderId: z.number().int().describe("The order's record id."),
    relatedOrderNumber: z.number().int().describe("The order's number, as the screens show it ('#12')."),
    reasonDetail: EnumDescription.describe(
      'The reason: `name` NEW_ORDER (placing an order), ORDER_PAYMENT or PRODUCT_REFUND, or ORDER_ADJUSTMENT on an adjustment, with its Turkish label.',
    ),
    /** Null on NEW_ORDER rows and adjustments. */
    payTypeDetail: EnumDescription.nullable().describe(
      'The pay type: `name` CASH, BANK_TRANSFER or REFUND, with its Turkish label; null on NEW_ORDER rows.',
    ),
    logoInvoiceId: z.string().nullable().describe("The invoice number in the company's Logo ERP, or null."),
    amount: lira(
      "On a transaction never negative; on NEW_ORDER rows the order total at placing. On an adjustment the change of what the buyer owes: negative when the order's dealt total is below its total at placing.",
    ),
    /** Who wrote it ('Ad Soyad'), null for the system. */
    createdByName: z.string().nullable().describe("Who wrote it ('Ad Soyad'), null for the system."),
    /**
     * On NEW_ORDER rows, what is still open on the order now (dealt total − payments − refunds, never
     * below 0; 0 for a canceled order): the pay modal's prefill. Null on other rows.
     */
    openAmount: lira(
      'On NEW_ORDER rows what is still open on the order now (billed − paid, never below 0); null on other rows.',
    ).nullable(),
    /**
     * On NEW_ORDER rows (null on others), decision 105: what the account charges for the order now (its
     * dealt total, 0 once canceled), and what was paid or refunded on it; billed − paid is `openAmount`.
     * `amount` on those rows is the total at placing: what was ordered.
     */
    billedAmount: lira(
      'On NEW_ORDER rows what the account charges for the order now (its dealt total, 0 once canceled); null on other rows.',
    ).nullable(),
    paidAmount: lira(
      'On NEW_ORDER rows what was paid or refunded on the order; null on other rows.',
    ).nullable(),
    /** The order's status now, so a screen can tell a canceled order's row. */
    orderStatusDescription: EnumDescription.describe("The order's status now, with its Turkish label."),
  })
  .meta({ id: 'AccountingTransaction' });
export type AccountingTransaction = z.infer<typeof AccountingTransaction>;

/** An unpaged answer: the transactions of the range, newest first. */
export const TransactionList = z.array(AccountingTransaction);

/** A paged answer; unpaged answers are plain arrays. */
export const TransactionPage = z
  .object({
    transactions: z.array(AccountingTransaction).describe('This page, newest first.'),
    page: z.number().int(),
    size: z.number().int(),
    count: z
      .number()
      .int()
      .describe(
        `Movements (transactions and adjustments) of the whole range, counted up to ${COUNT_LIMIT}; the pages reach the newest ${COUNT_LIMIT}.`,
      ),
    totalPages: z.number().int().describe('0 when the range has none.'),
    countCapped,
  })
  .meta({ id: 'AccountingTransactionPage' });
export type TransactionPage = z.infer<typeof TransactionPage>;

/** `POST /accounting/pay-order` answers the transaction written and the buyer's summary after it. */
export const PayOrderResult = z
  .object({
    transaction: AccountingTransaction,
    summary: AccountingSummary,
  })
  .meta({ id: 'AccountingPayOrderResult' });
export type PayOrderResult = z.infer<typeof PayOrderResult>;

/**
 * One line of an account statement: a transaction, or an order's adjustment. `debit` raises what the
 * buyer owes (an order, an upward adjustment), `credit` lowers it; `balance` is the running balance
 * after the line.
 */
export const StatementLine = z
  .object({
    kind: StatementLineKindSchema.describe(
      "TRANSACTION: a ledger transaction; ORDER_ADJUSTMENT: the change of an order's dealt total from its total at placing.",
    ),
    /** The transaction's id; null on an adjustment. */
    transactionId: z.number().int().nullable().describe("The transaction's id; null on an adjustment."),
    /** ISO-8601 with Istanbul's offset. */
    date: istanbulInstant("The transaction's time, or an adjustment's: the order's last change."),
    orderId: z.number().int().describe("The order's record id."),
    relatedOrderNumber: z.number().int().describe("The order's number, as the screens show it."),
    /** The reason of a transaction; { ORDER_ADJUSTMENT, 'Sipariş tutarı düzeltmesi' } on an adjustment. */
    reasonDetail: EnumDescription.describe(
      "A transaction's reason (NEW_ORDER, ORDER_PAYMENT, PRODUCT_REFUND); `name` ORDER_ADJUSTMENT on an adjustment.",
    ),
    payTypeDetail: EnumDescription.nullable().describe(
      'The pay type (CASH, BANK_TRANSFER, REFUND); null on NEW_ORDER and adjustment lines.',
    ),
    logoInvoiceId: z.string().nullable(),
    /** In Turkish, e.g. 'Sipariş #12' or 'Sipariş #12 onaylanan/yüklenen tutara göre'. */
    description: z.string().describe("In Turkish, for the user, e.g. '#12 numaralı sipariş iptal edildi'."),
    debit: lira('What the line adds to the balance, else 0.'),
    credit: lira('What the line takes off the balance, else 0.'),
    balance: lira('The running balance after the line, over the whole range (also on a page).'),
  })
  .meta({ id: 'AccountStatementLine' });
export type StatementLine = z.infer<typeof StatementLine>;

export const AccountStatement = z
  .object({
    buyer: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
    /** The range asked for; `from` null = since the first transaction, `to` defaults to today. */
    from: z.iso
      .date()
      .nullable()
      .describe('The first Istanbul day of the range (YYYY-MM-DD); null: since the first movement.'),
    to: z.iso.date().describe('The last Istanbul day of the range (YYYY-MM-DD); today when not asked.'),
    /** The balance before `from`. */
    openingBalance: lira('The balance before `from`; 0 without `from`.'),
    lines: z
      .array(StatementLine)
      .describe('The movements of the range in date order; on a paged statement only this page.'),
    totalDebit: lira('The debits of the whole range.'),
    totalCredit: lira('The credits of the whole range.'),
    /** opening + debit − credit; over the whole history it equals the summary's balance. */
    closingBalance: lira("opening + debit − credit; over the whole history it equals the summary's balance."),
    /** Only on a paged statement: which page `lines` is, and the lines of the whole range. */
    paging: z
      .object({
        page: z.number().int(),
        size: z.number().int(),
        count: z.number().int().describe('Lines of the whole range.'),
        totalPages: z.number().int(),
      })
      .optional()
      .describe('Only on a paged statement (`page` or `size` asked): which page `lines` is.'),
  })
  .meta({ id: 'AccountStatement' });
export type AccountStatement = z.infer<typeof AccountStatement>;
