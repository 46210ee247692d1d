import { sql } from 'drizzle-orm';
import { type KeptFigure, keptColumn } from '../../db/kept-figure.ts';

/** The columns of a buyer's kept row (decisions 132, 134 and 137), with the words that name them. */
const BALANCE_COLUMNS = [
  ['balance', 'TL'],
  ['orders_total', 'TL ordered'],
  ['payments', 'TL paid'],
  ['refunds', 'TL refunded'],
  ['transaction_count', 'transactions'],
  ['order_count', 'orders'],
  ['live_order_count', 'not canceled'],
] as const;
const valuesOf = (row: string) =>
  sql.raw(BALANCE_COLUMNS.map(([column]) => `coalesce(${row}.${column}, 0)`).join(', '));
const describedOf = (row: string) =>
  sql.raw(
    BALANCE_COLUMNS.map(([column, words]) => `coalesce(${row}.${column}, 0) || ' ${words}'`).join(
      " || ' / ' || ",
    ),
  );

/**
 * Each buyer's balance and account summary (migrations 0021 and 0023): moved at commit by deferred
 * triggers on orders and the ledger; `buyer_balances_from_scratch()` is its definition.
 */
export const BUYER_BALANCES: KeptFigure = {
  name: "buyers' balances and account summaries",
  table: 'buyer_balances',
  triggers: [
    { table: 'orders', trigger: 'orders_keep_buyer_balance' },
    { table: 'accounting_transactions', trigger: 'accounting_transactions_keep_buyer_balance' },
  ],
  services: [],
  differences: sql`
    select 'buyer ' || s.buyer_id as key, ${describedOf('k')} as kept, ${describedOf('s')} as summed
      from buyer_balances_from_scratch() s
      left join buyer_balances k on k.buyer_id = s.buyer_id
     where (${valuesOf('k')}) is distinct from (${valuesOf('s')})
     order by s.buyer_id`,
  recount: [sql`select buyer_balances_recount()`],
};

/**
 * Each buyer's debits, credits and movements per Istanbul day (migration 0033, decision 174): moved at
 * commit by deferred triggers on orders and the ledger; `buyer_day_sums_from_scratch()` is its
 * definition, the statement's movements grouped by day.
 */
export const BUYER_DAY_SUMS: KeptFigure = {
  name: "buyers' day sums",
  table: 'buyer_day_sums',
  triggers: [
    { table: 'orders', trigger: 'orders_keep_buyer_day_sums' },
    { table: 'accounting_transactions', trigger: 'accounting_transactions_keep_buyer_day_sums' },
  ],
  services: [],
  differences: sql`
    select 'buyer ' || coalesce(s.buyer_id, k.buyer_id) || ' on ' || coalesce(s.day, k.day) as key,
           concat_ws(' / ', k.debit, k.credit, k.count) as kept,
           concat_ws(' / ', s.debit, s.credit, s.count) as summed
      from buyer_day_sums_from_scratch() s
      full join buyer_day_sums k on k.buyer_id = s.buyer_id and k.day = s.day
     where (coalesce(k.debit, 0), coalesce(k.credit, 0), coalesce(k.count, 0))
           is distinct from (coalesce(s.debit, 0), coalesce(s.credit, 0), coalesce(s.count, 0))
     order by 1`,
  recount: [sql`select buyer_day_sums_recount()`],
};

/** What each order has been paid less refunded, summed from its ledger entries other than NEW_ORDER. */
const SUMMED_SETTLED = sql`
  select o.id, coalesce(sum(t.amount), 0)::numeric(14, 2) as value
    from orders o
    left join accounting_transactions t on t.order_id = o.id and t.reason <> 'NEW_ORDER'
   group by o.id`;

/**
 * Each order's settled amount (migration 0019), which the overdue work card and the open-balance index
 * read: moved by a trigger on each new ledger entry of the order other than its NEW_ORDER.
 */
export const ORDER_SETTLED_AMOUNT: KeptFigure = {
  name: "orders' settled amounts",
  table: 'orders',
  triggers: [{ table: 'accounting_transactions', trigger: 'accounting_transactions_settle_order' }],
  services: [],
  ...keptColumn({ table: 'orders', column: 'settled_amount', key: 'order', summed: SUMMED_SETTLED }),
};
