/**
 * Bulk loads beside the kept buyer balances (decision 132): the deferred triggers of migration 0021
 * move a buyer's row once per order or transaction, and a set-based load of a year writes tens of
 * thousands of them for one buyer in one transaction, each update walking the versions of the row that
 * transaction already wrote. A load sets the triggers aside and sums every balance once at the end; the
 * buyers' day sums (migration 0033, decision 174) the same way.
 */
import type pg from 'pg';

export async function withBalancesRecounted<T>(client: pg.Client, load: () => Promise<T>): Promise<T> {
  await client.query('alter table orders disable trigger orders_keep_buyer_balance');
  // The screens' counts (decision 160) are kept the same way, one row per screen.
  await client.query('alter table orders disable trigger orders_keep_view_counts');
  await client.query('alter table orders disable trigger orders_keep_buyer_day_sums');
  await client.query(
    'alter table accounting_transactions disable trigger accounting_transactions_keep_buyer_balance',
  );
  await client.query(
    'alter table accounting_transactions disable trigger accounting_transactions_keep_buyer_day_sums',
  );
  try {
    return await load();
  } finally {
    await client.query('alter table orders enable trigger orders_keep_buyer_balance');
    await client.query('alter table orders enable trigger orders_keep_view_counts');
    await client.query('alter table orders enable trigger orders_keep_buyer_day_sums');
    await client.query(
      'alter table accounting_transactions enable trigger accounting_transactions_keep_buyer_balance',
    );
    await client.query(
      'alter table accounting_transactions enable trigger accounting_transactions_keep_buyer_day_sums',
    );
    await client.query('select buyer_balances_recount()');
    await client.query('select buyer_day_sums_recount()');
    await client.query('select order_view_counts_recount()');
  }
}

/** The figures the writes keep per buyer (decisions 132, 134 and 137), with the words that name them. */
const FIGURES = [
  ['balance', 'TL'],
  ['orders_total', 'TL ordered'],
  ['payments', 'TL paid'],
  ['refunds', 'TL refunded'],
  ['transaction_count', 'transactions'],
  ['order_count', 'orders'],
  ['live_order_count', 'not canceled'],
] as const;
const figuresOf = (row: string) => FIGURES.map(([column]) => `coalesce(${row}.${column}, 0)`).join(', ');
const describedFiguresOf = (row: string) =>
  FIGURES.map(([column, words]) => `coalesce(${row}.${column}, 0) || ' ${words}'`).join(" || ' / ' || ");

/**
 * Buyers whose kept figures, and buyers' days whose kept sums (decision 174), are not what their orders
 * and transactions sum to from scratch (at most 20 of each), after a run that wrote through the API.
 */
export async function checkBalances(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ buyer_id: number; kept: string; summed: string }>(
    `select s.buyer_id, ${describedFiguresOf('k')} as kept, ${describedFiguresOf('s')} as summed
       from buyer_balances_from_scratch() s
       left join buyer_balances k on k.buyer_id = s.buyer_id
      where (${figuresOf('k')}) is distinct from (${figuresOf('s')})
      order by s.buyer_id limit 20`,
  );
  const days = await client.query<{ buyer_id: number; day: string; kept: string; summed: string }>(
    `select coalesce(s.buyer_id, k.buyer_id) as buyer_id, coalesce(s.day, k.day)::text as day,
            concat_ws(' / ', k.debit, k.credit, k.count) as kept, concat_ws(' / ', s.debit, s.credit, s.count) as summed
       from buyer_day_sums_from_scratch() s
       full join buyer_day_sums k on k.buyer_id = s.buyer_id and k.day = s.day
      where (coalesce(k.debit, 0), coalesce(k.credit, 0), coalesce(k.count, 0))
            is distinct from (coalesce(s.debit, 0), coalesce(s.credit, 0), coalesce(s.count, 0))
      order by 1, 2 limit 20`,
  );
  return [
    ...rows.map((row) => `buyer ${row.buyer_id}: kept ${row.kept} but sums to ${row.summed}`),
    ...days.rows.map(
      (row) =>
        `buyer ${row.buyer_id} on ${row.day}: kept ${row.kept} but sums to ${row.summed} (debit / credit / count)`,
    ),
  ];
}
