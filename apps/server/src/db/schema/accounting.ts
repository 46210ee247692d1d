import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { orders } from './orders.ts';

const REASONS = ['NEW_ORDER', 'ORDER_PAYMENT', 'PRODUCT_REFUND'] as const;
const PAY_TYPES = ['CASH', 'BANK_TRANSFER', 'REFUND'] as const;

/**
 * The buyers' ledger (docs/domain/money.md): rows are appended, never changed or removed (a trigger of the
 * migration refuses UPDATE and DELETE). NEW_ORDER is written by placing an order, for its total;
 * ORDER_PAYMENT and PRODUCT_REFUND by `POST /accounting/pay-order`.
 */
export const accountingTransactions = pgTable(
  'accounting_transactions',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: REASONS }).notNull(),
    /** Null on NEW_ORDER. */
    payType: text('pay_type', { enum: PAY_TYPES }),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** The invoice number in the company's Logo ERP. */
    logoInvoiceId: text('logo_invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who wrote it; null for the system (demo data). Kept as written: no foreign key. */
    createdBy: integer('created_by'),
  },
  (t) => [
    // A buyer's transactions, newest first, and its statement in date order.
    index('accounting_transactions_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    // The statement's opening balance sums a buyer's history before a day from the index alone, so it
    // stays cheap at a year's transactions (decision 119).
    index('accounting_transactions_buyer_history_idx').on(t.buyerId, t.createdAt, t.reason, t.amount),
    // An order's payments and refunds, summed where the settled amount is counted from scratch.
    index('accounting_transactions_order_idx').on(t.orderId, t.reason),
    uniqueIndex('accounting_transactions_new_order_key').on(t.orderId).where(sql`reason = 'NEW_ORDER'`),
    check(
      'accounting_transactions_kind_check',
      sql`(reason = 'NEW_ORDER' and pay_type is null and amount >= 0)
        or (reason = 'ORDER_PAYMENT' and pay_type in ('CASH', 'BANK_TRANSFER') and amount > 0)
        or (reason = 'PRODUCT_REFUND' and pay_type = 'REFUND' and amount > 0)`,
    ),
  ],
);

/**
 * Each buyer's balance (the dealt totals of its orders not canceled less its payments and refunds), the
 * parts of it, its number of transactions and its numbers of orders (all, and those not canceled), kept
 * by deferred triggers of migrations 0021–0023 on `orders` and `accounting_transactions` at the commit of
 * every write that moves them (decisions 132, 134 and 137). A buyer with no order yet has no row. Inside
 * a writing transaction it lags that transaction's own changes until commit, or until the transaction
 * sets the triggers immediate (`keptFiguresNow`).
 */
export const buyerBalances = pgTable('buyer_balances', {
  buyerId: integer('buyer_id')
    .primaryKey()
    .references(() => buyers.id, { onDelete: 'cascade' }),
  balance: numeric('balance', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
  transactionCount: integer('transaction_count').notNull().default(0),
  orderCount: integer('order_count').notNull().default(0),
  ordersTotal: numeric('orders_total', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
  liveOrderCount: integer('live_order_count').notNull().default(0),
  payments: numeric('payments', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
  refunds: numeric('refunds', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
});

/**
 * Each buyer's statement movements (account-movements.ts) summed per Istanbul day: debits (movements
 * that raise the balance), credits (those that lower it) and their number, kept by deferred triggers of
 * migration 0033 on `orders` and `accounting_transactions` at the commit of every write that moves them
 * (decision 174). A statement's range is whole days, so its totals sum one row a day.
 */
export const buyerDaySums = pgTable(
  'buyer_day_sums',
  {
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    debit: numeric('debit', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
    credit: numeric('credit', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'buyer_day_sums_pkey', columns: [t.buyerId, t.day] })],
);

/**
 * Each order's adjustment as `buyer_day_sums` counts it (migration 0033): a change of the order or of
 * its NEW_ORDER compares the adjustment as it stands with this one and moves the days by the difference.
 */
export const orderAdjustmentsCounted = pgTable('order_adjustments_counted', {
  orderId: integer('order_id').primaryKey(),
  buyerId: integer('buyer_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 20, scale: 2, mode: 'number' }).notNull(),
});
