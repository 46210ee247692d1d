/**
 * Bulk loads beside the kept buyer balances (decision 132): the deferred triggers of migration 0021
 * move a buyer's row once per order or transaction, and a set-based load of a year writes tens of
 * thousands of them for one buyer in one transaction, each update walking the versions of the row that
 * transaction already wrote. A load sets the triggers aside and sums every balance once at the end.
 */
import type pg from 'pg';

export async function withBalancesRecounted<T>(client: pg.Client, load: () => Promise<T>): Promise<T> {
  await client.query('alter table orders disable trigger orders_keep_buyer_balance');
  await client.query(
    'alter table accounting_transactions disable trigger accounting_transactions_keep_buyer_balance',
  );
  try {
    return await load();
  } finally {
    await client.query('alter table orders enable trigger orders_keep_buyer_balance');
    await client.query(
      'alter table accounting_transactions enable trigger accounting_transactions_keep_buyer_balance',
    );
    await client.query('select buyer_balances_recount()');
  }
}

/**
 * Buyers whose kept balance or transaction count is not what their orders and transactions sum to
 * from scratch (at most 20), after a run that wrote through the API.
 */
export async function checkBalances(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ buyer_id: number; kept: string; summed: string }>(
    `select b.id as buyer_id, coalesce(k.balance, 0) || ' TL / ' || coalesce(k.transaction_count, 0) as kept,
            coalesce(o.dealt, 0) - coalesce(t.settled, 0) || ' TL / ' || coalesce(t.count, 0) as summed
       from buyers b
       left join buyer_balances k on k.buyer_id = b.id
       left join (select buyer_id, sum(buyer_balances_order_share(status, dealt_total_price)) as dealt
                    from orders group by buyer_id) o on o.buyer_id = b.id
       left join (select buyer_id, sum(amount) filter (where reason <> 'NEW_ORDER') as settled, count(*) as count
                    from accounting_transactions group by buyer_id) t on t.buyer_id = b.id
      where coalesce(k.balance, 0) <> coalesce(o.dealt, 0) - coalesce(t.settled, 0)
         or coalesce(k.transaction_count, 0) <> coalesce(t.count, 0)
      order by b.id limit 20`,
  );
  return rows.map((row) => `buyer ${row.buyer_id}: kept ${row.kept} but sums to ${row.summed}`);
}
