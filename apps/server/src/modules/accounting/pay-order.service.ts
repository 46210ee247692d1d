import {
  formatLira,
  type PayOrderBody,
  type PayOrderResult,
  TRANSACTION_REASON_LABELS,
} from '@mandira/contract/accounting';
import { CANCELED_ORDER_STATUSES, ORDER_STATUS_LABELS } from '@mandira/contract/order-machines';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { buyerSummary, keptFiguresNow } from './accounting.repo.ts';
import { payLockedOrder } from './pay-order.repo.ts';

type PayInput = z.output<typeof PayOrderBody>;

export const overOpenAmountMessage = (orderNumber: number, amount: number, open: number) =>
  `Girilen tutar (${formatLira(amount)}), #${orderNumber} numaralı siparişin açık tutarını (${formatLira(open)}) aşıyor.`;

/**
 * `POST /accounting/pay-order` (docs/domain/money.md): appends a payment or a refund against one order. The
 * order's row is locked first, so two payments of one order wait for each other and the second sees the
 * first; the amount may not exceed what is then open (dealt total − payments − refunds), 422 naming both. A
 * canceled order takes neither (decision 76). Pay type and reason agree by the contract. The lock, the
 * checks and the entry are one statement, which writes nothing when a check fails (decision 183).
 */
export async function payOrder(tx: Tx, actor: Actor, input: PayInput): Promise<PayOrderResult> {
  const attempt = await payLockedOrder(tx, input, actor.userId || null);
  if (!attempt) throw notFound('Sipariş bulunamadı.');
  const { order, transaction } = attempt;
  if (CANCELED_ORDER_STATUSES.includes(order.status)) {
    throw new AppError(
      'BUSINESS_RULE',
      `#${order.order_number} numaralı sipariş ${ORDER_STATUS_LABELS[order.status].toLocaleLowerCase('tr-TR')}; ` +
        `${TRANSACTION_REASON_LABELS[input.reason].toLocaleLowerCase('tr-TR')} kaydedilemez.`,
      'orderId',
    );
  }
  if (attempt.exceeds || !transaction) {
    throw new AppError(
      'BUSINESS_RULE',
      overOpenAmountMessage(order.order_number, input.amount, Number(attempt.open)),
      'amount',
    );
  }
  await recordChange(tx, actor, {
    action: 'PAY_ORDER',
    entityType: 'PAYMENT',
    entityId: transaction.id,
    orderId: order.id,
    after: { buyerId: order.buyer_id, ...input },
  });
  await keptFiguresNow(tx);
  return { transaction, summary: await buyerSummary(tx, order.buyer_id) };
}
