import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Placing an order appends its NEW_ORDER transaction for its total at placing (docs/domain/money.md), in the
 * transaction that places it. Demo orders, back-dated, get theirs at the order's own time.
 */
export async function appendNewOrderTransaction(tx: Tx, orderId: number, createdBy: number | null) {
  await tx.execute(sql`
    insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at, created_by)
    select o.buyer_id, o.id, 'NEW_ORDER', null, o.total_price, o.created_at, ${createdBy}
      from orders o where o.id = ${orderId}`);
}
