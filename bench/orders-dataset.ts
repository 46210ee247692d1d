/**
 * The order part of the benchmark's data set, in set-based SQL over the stock data set: buyers, sellable
 * products bundling one or two of its items (the hot items left alone), about 4 items per order over
 * the past 365 days in statuses that fit their age (old orders completed or canceled, the last month's
 * waiting, in review or in progress), dealt totals as the service keeps them, and baskets in progress.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import {
  currentBundleSnapshots,
  recountReservations,
} from '../apps/server/src/modules/orders/reservations.ts';
import { HOT_ITEMS } from './dataset.ts';

/** Every order screen product has an item of this packaging group, so its list is the bench's list. */
export type OrdersSummary = {
  buyers: number;
  products: number;
  orders: number;
  orderItems: number;
  basketLines: number;
  seconds: number;
};

export async function generateOrders(
  client: pg.Client,
  {
    orders,
    buyers,
    products,
    days = 365,
  }: { orders: number; buyers: number; products: number; days?: number },
): Promise<OrdersSummary> {
  const started = performance.now();
  await client.query(
    `insert into buyers (code, title)
     select 'BNC-M' || lpad(n::text, 5, '0'), 'Bench Market ' || n from generate_series(1, $1::int) n`,
    [buyers],
  );
  // Products n bundle item (hot + n) once, and every third one also item (hot + n + products) twice.
  await client.query(
    `insert into products (name, stock_code, price, discount, quantity_inside_box)
     select 'Bench Ürün ' || n, 'BNC-P' || lpad(n::text, 5, '0'), 20 + n % 180, (n % 5)::numeric / 2,
            (array[6, 12, 24])[1 + n % 3]
       from generate_series(1, $1::int) n`,
    [products],
  );
  await client.query(
    `insert into product_bundles (product_id, product_item_id, quantity)
     select p.id, i.id, 1 from products p
       join product_items i on i.stock_code = 'BNC-' || lpad(($1 + substr(p.stock_code, 6)::int)::text, 5, '0')
     union all
     select p.id, i.id, 2 from products p
       join product_items i on i.stock_code = 'BNC-' || lpad(($1 + $2 + substr(p.stock_code, 6)::int)::text, 5, '0')
      where substr(p.stock_code, 6)::int % 3 = 0`,
    [HOT_ITEMS, products],
  );

  // Order n is placed at an increasing time over the past `days`; its status follows its age, and it was
  // last changed within three days of its placing (the statement dates an order's adjustment by that).
  await client.query(
    `insert into orders (buyer_id, buyer_request_reference_code, status, color_group, planned_shipment_date,
                         created_at, updated_at, completed_at)
     select b.id, 'REF-' || n, s.status, (array['red','yellow','blue','purple','gray'])[1 + n % 5],
            (at + interval '3 days')::date, at, least(now(), at + (n % 73) * interval '1 hour'),
            case when s.status = 'COMPLETED' then at + interval '4 days' end
       from generate_series(1, $1::int) n
       cross join lateral (select now() - $3 * interval '1 day' + n * ($3 * interval '1 day' / $1) as at) t
       join buyers b on b.code = 'BNC-M' || lpad((1 + n % $2)::text, 5, '0')
       cross join lateral (select case
              when at < now() - interval '30 days' then (case when n % 17 = 0 then 'CANCELED_BY_SELLER'
                                                              when n % 23 = 0 then 'CANCELED_BY_BUYER'
                                                              else 'COMPLETED' end)
              when n % 4 = 0 then 'WAITING_FOR_REVIEW'
              when n % 4 = 1 then 'IN_REVIEW'
              when n % 4 = 2 then 'IN_PROGRESS'
              else 'COMPLETED' end as status) s
      order by n`,
    [orders, buyers, days],
  );
  // Every item is placed with its product's bundle as it stands (decision 99).
  const productIds = await client.query<{ id: number }>('select id from products');
  await currentBundleSnapshots(
    drizzle(client, { schema }) as unknown as Db,
    productIds.rows.map((row) => row.id),
  );
  await client.query(
    `insert into order_items (order_id, product_id, product_name, stock_code, barcode, quantity_in_box,
                              bundle_snapshot_id, unit_price, discount, ordered_quantity, quantity,
                              loaded_quantity, status)
     select o.id, p.id, p.name, p.stock_code, p.barcode, p.quantity_inside_box,
            (select s.id from bundle_snapshots s where s.product_id = p.id), p.price, p.discount,
            q.pieces, q.pieces, case when st.item = 'DELIVERED_TO_BUYER' then q.pieces else 0 end, st.item
       from orders o
       cross join lateral generate_series(1, 1 + (o.id * 5) % 7) k
       join products p on p.stock_code = 'BNC-P' || lpad((1 + (o.id * 13 + k * 31) % $1)::text, 5, '0')
       cross join lateral (select p.quantity_inside_box * (1 + (o.id + k) % 3) as pieces) q
       cross join lateral (select case o.status
              when 'COMPLETED' then case when k = 4 then 'CANCELED' else 'DELIVERED_TO_BUYER' end
              when 'WAITING_FOR_REVIEW' then 'WAITING_FOR_APPROVAL'
              when 'IN_REVIEW' then (array['WAITING_FOR_APPROVAL','APPROVED','CANCELED'])[1 + k % 3]
              when 'IN_PROGRESS' then (array['WAITING_FOR_WAREHOUSE_OPERATION','PREPARING','LOADING'])[1 + k % 3]
              else 'CANCELED' end as item) st`,
    [products],
  );
  await client.query(
    `update orders o set total_price = t.total, dealt_total_price = t.dealt
       from (select order_id, sum(ordered_quantity * greatest(unit_price - discount, 0)) as total,
                    sum(case when status = 'CANCELED' then 0
                             when status = 'DELIVERED_TO_BUYER' then loaded_quantity else quantity end
                        * greatest(unit_price - discount, 0)) as dealt
               from order_items group by order_id) t
      where t.order_id = o.id`,
  );
  await client.query(`select setval('order_number_seq', (select max(order_number) from orders))`);
  // A basket in progress for every tenth buyer: two boxes of two products.
  await client.query(
    `insert into baskets (buyer_id) select id from buyers where code like 'BNC-M%' and id % 10 = 0`,
  );
  await client.query(
    `insert into basket_lines (basket_id, product_id, box_quantity, quantity)
     select k.id, p.id, 2, 2 * p.quantity_inside_box
       from baskets k
       cross join lateral generate_series(0, 1) j
       join products p on p.stock_code = 'BNC-P' || lpad((1 + (k.id * 11 + j * 57) % $1)::text, 5, '0')
     on conflict do nothing`,
    [products],
  );
  // The data set is written in bulk, not through the services: the counters are set from the sums.
  await recountReservations(drizzle(client, { schema }) as unknown as Db);
  await client.query('vacuum (analyze) orders');
  await client.query('vacuum (analyze) order_items');
  await client.query('analyze');

  const { rows } = await client.query<Record<keyof Omit<OrdersSummary, 'seconds'>, number>>(
    `select (select count(*) from buyers)::int as buyers, (select count(*) from products)::int as products,
            (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as "orderItems",
            (select count(*) from basket_lines)::int as "basketLines"`,
  );
  return { ...rows[0]!, seconds: (performance.now() - started) / 1000 };
}
