import {
  type AccountingSummary,
  type AccountingTransaction,
  PAY_TYPE_LABELS,
  type PayType,
  STATEMENT_LINE_KINDS,
  type StatementLineKind,
  TRANSACTION_REASON_LABELS,
  type TransactionReason,
} from '@mandira/contract/accounting';
import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  CANCELED_ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, rowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import { notFound } from '../../http/errors.ts';

export const BUYER_NOT_FOUND = 'Müşteri bulunamadı.';

/** An order's dealt total as the ledger counts it: a canceled order owes nothing (docs/domain/money.md). */
export const DEALT_OF = (order: SQL) =>
  sql`(case when ${order}.status in (${statusList(CANCELED_ORDER_STATUSES)}) then 0
            else ${order}.dealt_total_price end)::numeric(14,2)`;

/** What is paid or refunded on the order `order` (a table alias): its transactions other than NEW_ORDER. */
export const SETTLED_OF = (order: SQL) =>
  sql`coalesce((select sum(s.amount) from accounting_transactions s
                 where s.order_id = ${order}.id and s.reason <> 'NEW_ORDER'), 0)::numeric(14,2)`;

export type BuyerRow = { id: number; code: string; title: string };

export async function findBuyer(db: Db | Tx, buyerId: number): Promise<BuyerRow> {
  const [buyer] = await preparedRowsOf<BuyerRow>(
    db,
    'accounting_buyer',
    sql`select id, code, title from buyers where id = ${buyerId}`,
  );
  if (!buyer) throw notFound(BUYER_NOT_FOUND);
  return buyer;
}

/**
 * The account summary (docs/domain/money.md): orders not canceled (count and dealt totals), payments,
 * refunds, and the balance = orders − payments − refunds, as the writes keep them per buyer (decision
 * 137), so the summary costs one row however long the buyer's history. A buyer with no order yet has no
 * row and sums to zero; 404 for an unknown buyer. A buyer's sums may pass what one order's numeric(14,2)
 * holds, so they are numeric(20,2) (decision 94). A writing transaction reads its own changes only after
 * `keptFiguresNow`.
 */
export async function buyerSummary(db: Db | Tx, buyerId: number): Promise<AccountingSummary> {
  const [row] = await rowsOf<{
    order_count: number;
    orders: string;
    payments: string;
    refunds: string;
    balance: string;
  }>(
    db,
    sql`select coalesce(k.live_order_count, 0) as order_count, coalesce(k.orders_total, 0)::text as orders,
               coalesce(k.payments, 0)::text as payments, coalesce(k.refunds, 0)::text as refunds,
               coalesce(k.balance, 0)::text as balance
          from buyers b left join buyer_balances k on k.buyer_id = b.id
         where b.id = ${buyerId}`,
  );
  if (!row) throw notFound(BUYER_NOT_FOUND);
  return {
    buyerId,
    totalOrderCount: row.order_count,
    totalAmountOfOrders: Number(row.orders),
    totalAmountOfOrderPayments: Number(row.payments),
    totalAmountOfProductRefunds: Number(row.refunds),
    remainingAmountToPurchase: Number(row.balance),
  };
}

/**
 * Moves the kept figures (the balances and the day sums, decisions 132 and 174) by this transaction's
 * changes now instead of at its commit, so that what it answers includes them. Called after the
 * transaction has locked every order row it needs: the buyer's row is then still taken after them, in
 * the order decision 132 keeps.
 */
export async function keptFiguresNow(tx: Tx): Promise<void> {
  await tx.execute(
    sql`set constraints orders_keep_buyer_balance, accounting_transactions_keep_buyer_balance,
                        orders_keep_buyer_day_sums, accounting_transactions_keep_buyer_day_sums immediate`,
  );
}

export type TransactionRow = {
  kind: StatementLineKind;
  id: number | null;
  buyer_id: number;
  created_at: Date | string;
  order_id: number;
  order_number: number;
  order_status: OrderStatus;
  reason: TransactionReason | null;
  pay_type: PayType | null;
  logo_invoice_id: string | null;
  amount: string;
  created_by_name: string | null;
  open_amount: string | null;
  billed_amount: string | null;
  paid_amount: string | null;
};

/**
 * The columns of a movement's row from `t` (its transaction, null columns on an adjustment), `o` (its
 * order) and `u` (who wrote it): its order's number and status, and on NEW_ORDER rows what is still
 * open on the order now (its payments and refunds as `orders.settled_amount` keeps them, decision 128).
 */
export const MOVEMENT_DETAILS = sql`o.order_number, o.status as order_status,
               coalesce(nullif(btrim(u.name || ' ' || u.surname), ''), u.user_name) as created_by_name,
               case when t.reason = 'NEW_ORDER'
                    then greatest(${DEALT_OF(sql`o`)} - o.settled_amount, 0)::numeric(14,2)::text end as open_amount,
               case when t.reason = 'NEW_ORDER' then ${DEALT_OF(sql`o`)}::text end as billed_amount,
               case when t.reason = 'NEW_ORDER' then o.settled_amount::text end as paid_amount`;

/** The transactions that `where` selects (a condition on `t`), newest first, with their details. */
export async function findTransactions(db: Db | Tx, where: SQL): Promise<AccountingTransaction[]> {
  const rows = await rowsOf<TransactionRow>(
    db,
    sql`select 'TRANSACTION' as kind, t.id, t.buyer_id, t.created_at, t.order_id, t.reason, t.pay_type,
               t.logo_invoice_id, t.amount::text as amount, ${MOVEMENT_DETAILS}
          from accounting_transactions t
          join orders o on o.id = t.order_id
          left join users u on u.id = t.created_by
         where ${where}
         order by t.created_at desc, t.id desc`,
  );
  return rows.map(toTransaction);
}

export function toTransaction(row: TransactionRow): AccountingTransaction {
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    kind: row.kind,
    id: row.id,
    buyerId: row.buyer_id,
    createdAt: toIstanbulIso(createdAt),
    orderId: row.order_id,
    relatedOrderNumber: row.order_number,
    reasonDetail:
      row.kind === 'TRANSACTION'
        ? enumDescription(TRANSACTION_REASON_LABELS, row.reason!)
        : { name: 'ORDER_ADJUSTMENT', label: STATEMENT_LINE_KINDS.ORDER_ADJUSTMENT },
    payTypeDetail: row.pay_type ? enumDescription(PAY_TYPE_LABELS, row.pay_type) : null,
    logoInvoiceId: row.logo_invoice_id,
    amount: Number(row.amount),
    createdByName: row.created_by_name,
    openAmount: row.open_amount === null ? null : Number(row.open_amount),
    billedAmount: row.billed_amount === null ? null : Number(row.billed_amount),
    paidAmount: row.paid_amount === null ? null : Number(row.paid_amount),
    orderStatusDescription: enumDescription(ORDER_STATUS_LABELS, row.order_status),
  };
}
