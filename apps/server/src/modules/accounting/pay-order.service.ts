import {
  formatLira,
  type PayOrderBody,
  type PayOrderResult,
  TRANSACTION_REASON_LABELS,
} from '@mandira/contract/accounting';
import {
  CANCELED_ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { buyerSummary, DEALT_OF, findTransactions, keptFiguresNow, SETTLED_OF } from './accounting.repo.ts';

type PayInput = z.output<typeof PayOrderBody>;

export const overOpenAmountMessage = (orderNumber: number, amount: number, open: number) =>
  `Girilen tutar (${formatLira(amount)}), #${orderNumber} numaralı siparişin açık tutarını (${formatLira(open)}) aşıyor.`;

/**
 * `POST /accounting/pay-order` (docs/domain/money.md): appends a payment or a refund against one order. The
 * order's row is locked first, so two payments of one order wait for each other and the second sees the
 * first; the amount may not exceed what is then open (dealt total − payments − refunds), 422 naming both. A
 * canceled order takes neither (decision 76). Pay type and reason agree by the contract.
 */
export async function payOrder(tx: Tx, actor: Actor, input: PayInput): Promise<PayOrderResult> {
  const [order] = await rowsOf<{ id: number; buyer_id: number; order_number: number; status: OrderStatus }>(
    tx,
    sql`select id, buyer_id, order_number, status from orders where id = ${input.orderId} for update`,
  );
  if (!order) throw notFound('Sipariş bulunamadı.');
  if (CANCELED_ORDER_STATUSES.includes(order.status)) {
    throw new AppError(
      'BUSINESS_RULE',
      `#${order.order_number} numaralı sipariş ${ORDER_STATUS_LABELS[order.status].toLocaleLowerCase('tr-TR')}; ` +
        `${TRANSACTION_REASON_LABELS[input.reason].toLocaleLowerCase('tr-TR')} kaydedilemez.`,
      'orderId',
    );
  }
  const [open] = await rowsOf<{ open: string; exceeds: boolean }>(
    tx,
    sql`select greatest(x.open, 0)::text as open, ${input.amount}::numeric(14,2) > x.open as exceeds
          from (select (${DEALT_OF(sql`o`)} - ${SETTLED_OF(sql`o`)})::numeric(14,2) as open
                  from orders o where o.id = ${order.id}) x`,
  );
  if (open!.exceeds) {
    throw new AppError(
      'BUSINESS_RULE',
      overOpenAmountMessage(order.order_number, input.amount, Number(open!.open)),
      'amount',
    );
  }
  const [written] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, logo_invoice_id, created_by)
        values (${order.buyer_id}, ${order.id}, ${input.reason}, ${input.payType}, ${input.amount}::numeric(14,2),
                ${input.logoInvoiceId}, ${actor.userId || null})
        returning id`,
  );
  await recordChange(tx, actor, {
    action: 'PAY_ORDER',
    entityType: 'PAYMENT',
    entityId: written!.id,
    orderId: order.id,
    after: { buyerId: order.buyer_id, ...input },
  });
  const [transaction] = await findTransactions(tx, sql`t.id = ${written!.id}`);
  await keptFiguresNow(tx);
  return { transaction: transaction!, summary: await buyerSummary(tx, order.buyer_id) };
}
