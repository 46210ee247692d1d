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
