/**
 * The money and milk part of the office data set, in set-based SQL over the order data set: one big
 * buyer holding a fifth of the orders, a NEW_ORDER transaction for every order at its placing, payments
 * that leave something open on every order (so a payment in the mix is accepted), topped up on the big
 * buyer's orders to its `bigBuyerTransactions`; and milk deliveries at an even rate over the past `days`.
 */
import type pg from 'pg';

export type LedgerSummary = {
  bigBuyerId: number;
  bigBuyerTransactions: number;
  transactions: number;
  milkDeliveries: number;
};

export async function generateLedger(
  client: pg.Client,
  {
    bigBuyerTransactions,
    milkDeliveries,
    days,
    adminUserName,
  }: { bigBuyerTransactions: number; milkDeliveries: number; days: number; adminUserName: string },
): Promise<LedgerSummary> {
  const { rows: big } = await client.query<{ id: number }>(
    `select id from buyers where code like 'BNC-M%' order by id limit 1`,
  );
  const bigBuyerId = big[0]!.id;
  await client.query('update orders set buyer_id = $1 where id % 5 = 0', [bigBuyerId]);
  // Baskets and depots stay with their buyers; an order's branch must be its buyer's.
  await client.query(
    `update orders o set buyer_branch_id = (select min(id) from buyer_warehouses w where w.buyer_id = o.buyer_id)
      where o.id % 5 = 0`,
  );
  await client.query(
    `insert into accounting_transactions (buyer_id, order_id, reason, amount, created_at)
     select buyer_id, id, 'NEW_ORDER', total_price, created_at from orders order by created_at, id`,
  );
  // Everyone else pays a third of each completed order a week after it was placed.
  await client.query(
    `insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, logo_invoice_id, created_at)
     select buyer_id, id, 'ORDER_PAYMENT', 'BANK_TRANSFER', floor(dealt_total_price * 100 / 3) / 100,
            'LG-' || id, least(now(), created_at + interval '7 days')
       from orders where status = 'COMPLETED' and buyer_id <> $1 and dealt_total_price >= 1
      order by created_at, id`,
    [bigBuyerId],
  );
  // The big buyer's payments, P of them over its C completed orders round-robin: each order gets at most
  // m = ⌈P ÷ C⌉ payments of 1/(m+1) of its dealt total, so something stays open on each.
  await client.query(
    `insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, created_at)
     with paid as (select id, created_at, dealt_total_price, row_number() over (order by created_at, id) - 1 as r
                     from orders where buyer_id = $1 and status = 'COMPLETED' and dealt_total_price >= 1),
          wanted as (select greatest(0, $2 - (select count(*) from accounting_transactions where buyer_id = $1)) as p,
                            (select count(*) from paid) as c)
     -- C is taken on the payments' side, so they meet their orders by equality (a merge or hash join), not by
     -- trying every payment against every order.
     select $1, o.id, case when j % 10 = 9 then 'PRODUCT_REFUND' else 'ORDER_PAYMENT' end,
            case when j % 10 = 9 then 'REFUND' when j % 2 = 0 then 'CASH' else 'BANK_TRANSFER' end,
            floor(o.dealt_total_price * 100 / (ceil(w.p / w.c::float8) + 1)) / 100,
            least(now(), o.created_at + (1 + j / w.c) * interval '3 days')
       from wanted w
       cross join generate_series(0, w.p - 1) j
       join paid o on o.r = j % w.c
      order by 6`,
    [bigBuyerId, bigBuyerTransactions],
  );

  await client.query(
    `insert into milk_vehicles (licence_plate_code, brand, model, tanker_count, tanker_volume_per_unit)
     select '06 SUT ' || lpad(n::text, 3, '0'), 'Mercedes', 'Actros', 1 + n % 3, 5000 from generate_series(1, 20) n`,
  );
  await client.query(
    `insert into milk_vehicle_drivers (name, surname, phone)
     select 'Toplayıcı', 'No ' || n, '0533 000 00 ' || lpad(n::text, 2, '0') from generate_series(1, 25) n`,
  );
  await client.query(
    `insert into milk_deliveries (milk_vehicle_id, milk_vehicle_driver_id, delivered_cow_milk_volume,
                                  delivered_sheep_milk_volume, delivered_goat_milk_volume, delivery_date_time,
                                  created_by, created_at, updated_at)
     select v.id, d.id, 1000 + (n * 37) % 4000, (n * 13) % 500, (n * 7) % 300, at,
            (select id from users where user_name = $3), at, at
       from generate_series(1, $1::int) n
       cross join lateral (select now() - $2 * interval '1 day' + n * ($2 * interval '1 day' / $1) as at) t
       join milk_vehicles v on v.licence_plate_code = '06 SUT ' || lpad((1 + n % 20)::text, 3, '0')
       join milk_vehicle_drivers d on d.phone = '0533 000 00 ' || lpad((1 + n % 25)::text, 2, '0')
      order by n`,
    [milkDeliveries, days, adminUserName],
  );
  for (const table of ['accounting_transactions', 'orders', 'milk_deliveries']) {
    await client.query(`vacuum (analyze) ${table}`);
  }
  const { rows } = await client.query<Omit<LedgerSummary, 'bigBuyerId'>>(
    `select (select count(*) from accounting_transactions where buyer_id = $1)::int as "bigBuyerTransactions",
            (select count(*) from accounting_transactions)::int as transactions,
            (select count(*) from milk_deliveries)::int as "milkDeliveries"`,
    [bigBuyerId],
  );
  return { bigBuyerId, ...rows[0]! };
}
