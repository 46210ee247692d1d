import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db/client.ts';
import type { Actor } from '../http/auth.ts';
import { DEALT_OF, SETTLED_OF } from '../modules/accounting/accounting.repo.ts';
import { payOrder } from '../modules/accounting/pay-order.service.ts';
import { updateOrder } from '../modules/orders/order-update.service.ts';

type DemoOrder = { id: number; buyer_id: number; status: string; open: string };

/** What happened to each buyer's money: by the buyer's place among those with orders. */
const STORIES = ['paid-up', 'owing-half', 'owing'] as const;

/**
 * Payments and refunds on the demo orders (after the orders demo): some buyers paid up, with a
 * product refund on a completed order; some owing, part paid; one in credit, who paid an order in
 * advance and then canceled it. Every payment goes through the pay-order service; afterwards the
 * ledger's times follow the back-dated orders (decision 79).
 */
export async function seedAccountingDemo(db: Db): Promise<void> {
  const [finance] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where user_name = 'finance_admin'`,
  );
  const actor: Actor = {
    userId: finance?.id ?? 0,
    userName: 'finance_admin',
    roles: ['FINANCE_ADMIN'],
    privileges: new Set(),
    // Canceling the credit buyer's order is the order manager's step.
    isSuperAdmin: true,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('mandira.backdating', 'on', true)`);
    await tx.execute(sql`
      update accounting_transactions t set created_at = o.created_at
        from orders o where o.id = t.order_id and t.reason = 'NEW_ORDER' and t.created_at <> o.created_at`);
  });
  const orders = await rowsOf<DemoOrder>(
    db,
    sql`select o.id, o.buyer_id, o.status, (${DEALT_OF(sql`o`)} - ${SETTLED_OF(sql`o`)})::text as open
          from orders o order by o.buyer_id, o.created_at, o.id`,
  );
  const buyerIds = [...new Set(orders.map((order) => order.buyer_id))];
  const creditBuyer = buyerIds.find((buyerId, index) => {
    const story = STORIES[index % STORIES.length];
    return (
      story === 'paid-up' && orders.some((o) => o.buyer_id === buyerId && o.status === 'WAITING_FOR_REVIEW')
    );
  });
  let invoice = 1200;
  const nextInvoice = () => {
    invoice += 7;
    return `LOGO-2026-${String(invoice).padStart(6, '0')}`;
  };

  for (const [index, buyerId] of buyerIds.entries()) {
    const story = STORIES[index % STORIES.length]!;
    const mine = orders.filter((order) => order.buyer_id === buyerId && Number(order.open) > 0);
    await db.transaction(async (tx) => {
      for (const [position, order] of mine.entries()) {
        const open = Number(order.open);
        if (story === 'paid-up') {
          if (order.status === 'COMPLETED') {
            // A box came back damaged: a tenth refunded, the rest paid by bank transfer.
            const refund = Math.round(open * 10) / 100;
            await payment(tx, actor, order.id, 'PRODUCT_REFUND', refund);
            await payment(tx, actor, order.id, 'ORDER_PAYMENT', round(open - refund), nextInvoice());
          } else {
            await payment(
              tx,
              actor,
              order.id,
              'ORDER_PAYMENT',
              open,
              position % 2 ? nextInvoice() : null,
              'CASH',
            );
          }
        } else if (story === 'owing-half' && position % 2 === 0) {
          await payment(tx, actor, order.id, 'ORDER_PAYMENT', round(open / 2), nextInvoice(), 'CASH');
        } else if (story === 'owing' && position === 0 && order.status === 'COMPLETED') {
          await payment(tx, actor, order.id, 'ORDER_PAYMENT', round(open / 4), nextInvoice());
        }
      }
      if (buyerId === creditBuyer) {
        // Paid in advance, then canceled by the buyer: the money stays with us as the buyer's credit.
        const advance = mine.find((order) => order.status === 'WAITING_FOR_REVIEW')!;
        await updateOrder(tx, actor, { id: advance.id, status: 'CANCELED_BY_BUYER' });
      }
    });
  }

  // Each payment a day or more after its order, never in the future.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('mandira.backdating', 'on', true)`);
    await tx.execute(sql`
      update accounting_transactions t
         set created_at = least(now(), o.created_at + make_interval(days => 1 + t.id % 5, hours => t.id % 7))
        from orders o where o.id = t.order_id and t.reason <> 'NEW_ORDER'`);
  });
}

const round = (amount: number) => Math.round(amount * 100) / 100;

function payment(
  tx: Tx,
  actor: Actor,
  orderId: number,
  reason: 'ORDER_PAYMENT' | 'PRODUCT_REFUND',
  amount: number,
  logoInvoiceId: string | null = null,
  payType: 'CASH' | 'BANK_TRANSFER' = 'BANK_TRANSFER',
) {
  if (amount <= 0) return Promise.resolve();
  return payOrder(tx, actor, {
    orderId,
    reason,
    payType: reason === 'PRODUCT_REFUND' ? 'REFUND' : payType,
    amount,
    logoInvoiceId,
  });
}
