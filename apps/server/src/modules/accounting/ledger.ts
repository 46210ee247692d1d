import { type SQL, sql } from 'drizzle-orm';

/**
 * Placing an order appends its NEW_ORDER transaction for its total at placing (docs/domain/money.md), in the
 * statement that places it: the insert of the entries of the orders `placed` names (a data-modifying WITH
 * of the placing statement returning id, buyer_id, total_price and created_at). Demo orders, back-dated,
 * get theirs at the order's own time.
 */
export function newOrderEntries(placed: SQL, createdBy: number | null): SQL {
  return sql`
    insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at, created_by)
    select o.buyer_id, o.id, 'NEW_ORDER', null, o.total_price, o.created_at, ${createdBy}::int
      from ${placed} o`;
}
