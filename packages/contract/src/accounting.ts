import { z } from 'zod';
import {
  AccountingSummary,
  AccountingTransaction,
  AccountStatement,
  PayOrderResult,
  STATEMENT_LINE_KINDS,
  StatementLine,
  type StatementLineKind,
  TransactionList,
  TransactionPage,
} from './accounting-answers.ts';
import {
  atMostDecimals,
  day,
  emptyAsMissing,
  idOf,
  NOT_A_NUMBER,
  NOT_A_TEXT,
  optionalParam,
  smallestUnit,
  text,
} from './fields.ts';

/**
 * Buyer accounting (docs/domain/money.md): an append-only ledger per buyer. Placing
 * an order appends NEW_ORDER for its total; a payment (ORDER_PAYMENT) or a product refund
 * (PRODUCT_REFUND) against one order is appended by `POST /accounting/pay-order`.
 */

// ---------- reasons and pay types ----------

export const TRANSACTION_REASON_LABELS = {
  NEW_ORDER: 'Yeni Sipariş',
  ORDER_PAYMENT: 'Sipariş Ödemesi',
  PRODUCT_REFUND: 'Ürün İadesi',
} as const;
export type TransactionReason = keyof typeof TRANSACTION_REASON_LABELS;
export const TRANSACTION_REASONS = Object.keys(TRANSACTION_REASON_LABELS) as TransactionReason[];

export const PAY_TYPE_LABELS = {
  CASH: 'Nakit',
  BANK_TRANSFER: 'Havale/EFT',
  REFUND: 'İade',
} as const;
export type PayType = keyof typeof PAY_TYPE_LABELS;
export const PAY_TYPES = Object.keys(PAY_TYPE_LABELS) as PayType[];

/** The reasons a payment may carry: NEW_ORDER is written only by placing an order. */
export const PAYMENT_REASONS = ['ORDER_PAYMENT', 'PRODUCT_REFUND'] as const satisfies TransactionReason[];
export type PaymentReason = (typeof PAYMENT_REASONS)[number];

/** Which pay types go with which reason (docs/domain/money.md, "Recording a payment or a refund"). */
export const PAY_TYPES_OF_REASON: Readonly<Record<PaymentReason, readonly PayType[]>> = {
  ORDER_PAYMENT: ['CASH', 'BANK_TRANSFER'],
  PRODUCT_REFUND: ['REFUND'],
};

export const PayTypeSchema = z.enum(PAY_TYPES as [PayType, ...PayType[]], {
  error: `Geçersiz ödeme tipi; beklenen: ${PAY_TYPES.join(', ')}`,
});
export const PaymentReasonSchema = z.enum(PAYMENT_REASONS, {
  error: `Geçersiz işlem nedeni; beklenen: ${PAYMENT_REASONS.join(', ')}`,
});

/** An amount in lira as every screen and message shows it: '₺1.234,50'. */
const lira = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
export const formatLira = (amount: number): string => lira.format(amount);

/** numeric(14,2) holds at most this. */
export const MAX_AMOUNT = 999_999_999_999.99;

// ---------- requests ----------

export const accountingBuyerId = idOf('Geçerli bir müşteri seçiniz.');

/** `GET /accounting/summary?buyerId=`: the buyer is required (400) and must exist (404). */
export const AccountingSummaryQuery = z.object({ buyerId: accountingBuyerId });
export type AccountingSummaryQuery = z.input<typeof AccountingSummaryQuery>;

export const MAX_TRANSACTION_PAGE_SIZE = 500;

const range = {
  /** Istanbul days, both included; either may be left out. */
  from: optionalParam(day({ cutTime: true })),
  to: optionalParam(day({ cutTime: true })),
};
const toNotBeforeFrom = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.to < query.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Bitiş tarihi başlangıç tarihinden önce olamaz.' });
  }
};

/**
 * Decision 111: the days an unpaged transactions answer covers when `from` is not given: the last 90
 * days up to `to` (today when not given). The answer then says so in the `X-Default-Range` header.
 */
export const TRANSACTIONS_DEFAULT_DAYS = 90;
/**
 * The most movements an unpaged transactions answer holds, newest first, whatever range was asked
 * (decision 149); the X-Total-Count and X-Unpaged-Limit headers say when it was cut (decision 113).
 */
export const TRANSACTIONS_UNPAGED_LIMIT = 2_000;

/**
 * The most lines a whole statement (the PDF, or the JSON without `page` and `size`) holds (decision
 * 149): the biggest buyer's whole history took most of a minute to print and held a document worker
 * all that time. A longer range is refused (422 on `from`); the screen pages it.
 */
export const STATEMENT_MAX_LINES = 3_000;
export const STATEMENT_TOO_LONG_MESSAGE =
  `Seçilen dönemde ${STATEMENT_MAX_LINES.toLocaleString('tr-TR')}'den fazla hesap hareketi var; bir ekstre en çok ` +
  `${STATEMENT_MAX_LINES.toLocaleString('tr-TR')} hareket içerebilir. Başlangıç tarihini ileri alarak dönemi daraltın.`;

const pageParam = optionalParam(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.'));
const sizeParam = optionalParam(
  idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.').pipe(
    z.number().max(MAX_TRANSACTION_PAGE_SIZE, `Sayfa boyutu en fazla ${MAX_TRANSACTION_PAGE_SIZE} olabilir.`),
  ),
);

/**
 * `GET /accounting/transactions?buyerId=[&from=&to=][&page=&size=]`: newest first. With page or size,
 * one page of the range (every day when no range is given); without them an array of the range, whose
 * missing `from` is TRANSACTIONS_DEFAULT_DAYS before `to` (decision 111), at most its newest
 * TRANSACTIONS_UNPAGED_LIMIT movements.
 */
export const TransactionsQuery = z
  .object({
    buyerId: accountingBuyerId,
    ...range,
    page: pageParam,
    size: sizeParam,
  })
  .superRefine(toNotBeforeFrom);
export type TransactionsQuery = z.input<typeof TransactionsQuery>;

/**
 * `GET /accounting/statement?buyerId=&from=&to=[&page=&size=]` (and `/accounting/statement.pdf`, always
 * whole). With page or size, `lines` is one page of the range in date order, each with the running
 * balance of the whole range (decision 111).
 */
export const StatementQuery = z
  .object({ buyerId: accountingBuyerId, ...range, page: pageParam, size: sizeParam })
  .superRefine(toNotBeforeFrom);
export type StatementQuery = z.input<typeof StatementQuery>;

export const WRONG_PAY_TYPE_MESSAGE = (reason: PaymentReason) =>
  `${TRANSACTION_REASON_LABELS[reason]} için ödeme tipi ${PAY_TYPES_OF_REASON[reason]
    .map((type) => PAY_TYPE_LABELS[type])
    .join(' veya ')} olmalıdır.`;

/**
 * `POST /accounting/pay-order`: a payment or a refund against one order. The amount is more than 0,
 * with at most two decimals; the server also bounds it by what is open on the order (422).
 */
export const PayOrderBody = z
  .object({
    orderId: idOf('Geçerli bir sipariş seçiniz.'),
    payType: PayTypeSchema,
    reason: PaymentReasonSchema,
    amount: z
      .number(NOT_A_NUMBER)
      .min(smallestUnit(2), 'Tutar en az 0,01 ₺ olmalıdır.')
      .max(MAX_AMOUNT, 'Tutar çok büyük.')
      .refine(...atMostDecimals(2)),
    /** The invoice number in the company's Logo ERP; optional. */
    logoInvoiceId: emptyAsMissing(
      text(NOT_A_TEXT).trim().max(50, 'Logo fatura numarası en fazla 50 karakter olabilir.').nullish(),
    ).transform((value) => (value ? value : null)),
  })
  .superRefine((body, ctx) => {
    if (!PAY_TYPES_OF_REASON[body.reason].includes(body.payType)) {
      ctx.addIssue({ code: 'custom', path: ['payType'], message: WRONG_PAY_TYPE_MESSAGE(body.reason) });
    }
  });
export type PayOrderBody = z.input<typeof PayOrderBody>;

// The answers live in accounting-answers.ts; every accounting schema is read from here.
export {
  AccountingSummary,
  AccountingTransaction,
  AccountStatement,
  PayOrderResult,
  STATEMENT_LINE_KINDS,
  StatementLine,
  type StatementLineKind,
  TransactionList,
  TransactionPage,
};

// ---------- orders overdue (docs/domain/my-work.md, decision 128) ----------

/** At most this many overdue orders are listed, the longest overdue first. */
export const OVERDUE_ORDERS_LIMIT = 500;

/** An order not canceled, past its planned shipment date, with an open balance. */
export const OverdueOrder = z
  .object({
    orderId: z.number().int(),
    orderNumber: z.number().int(),
    buyerId: z.number().int(),
    buyerCode: z.string(),
    buyerTitle: z.string(),
    plannedShipmentDate: z.string().describe("The Istanbul day 'YYYY-MM-DD' the order was to ship."),
    dealtTotal: z.number(),
    settled: z.number().describe('Paid and refunded on the order.'),
    openAmount: z.number().describe('Dealt total − paid − refunded; above 0.'),
  })
  .meta({ id: 'OverdueOrder' });
export type OverdueOrder = z.infer<typeof OverdueOrder>;
export const OverdueOrderList = z.array(OverdueOrder);
