/**
 * The benchmark's data set, generated in PostgreSQL with set-based SQL: items (each gets a line in
 * every warehouse through the triggers of migration 0003), about 65 history rows per line spread over
 * the past year, and every line's quantity set to the sum of its history. A handful of 'hot' items
 * share a packaging group of their own (1 TONS), so a movement can ask for a short item list back.
 */
import type pg from 'pg';

export const HOT_GROUP = '1 TONS';
export const HOT_ITEMS = 4;

export type DatasetSummary = {
  items: number;
  warehouses: number;
  lines: number;
  historyRows: number;
  seconds: { items: number; history: number; quantities: number; analyze: number };
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

export async function generateDataset(
  client: pg.Client,
  { items, adminUserName, days = 365 }: { items: number; adminUserName: string; days?: number },
): Promise<DatasetSummary> {
  const itemSeconds = await timed(() =>
    client.query(
      `insert into product_items (name, stock_code, barcode, packaging_type, warehouse_stock_type,
         packaging_unit_type, packaging_unit_type_amount, width, length, height, quantity_in_box, notes)
       select case when n <= $2 then 'Sıcak Ürün ' || n
                   else (array['Beyaz Peynir','Kaşar Peyniri','Tulum Peyniri','Yoğurt','Ayran','Tereyağı',
                               'Süt','Kaymak','Lor Peyniri','Dil Peyniri'])[1 + n % 10] || ' ' || n end,
              'BNC-' || lpad(n::text, 5, '0'),
              '8691' || lpad(n::text, 9, '0'),
              (array['QUANTITY','BOTTLE','METAL_PACKAGE','NYLON_PACKAGE','VACUUM_PACKAGE','PLASTIC_PACKAGE',
                     'WOODEN_PACKAGE','OTHER'])[1 + n % 8],
              case when n % 7 = 0 then 'SUPPLIES' else 'FOODS' end,
              case when n <= $2 then 'TONS' else (array['GRAM','KILOGRAM','LITERS','MILLILITERS'])[1 + n % 4] end,
              case when n <= $2 then 1 else (array[250, 500, 1000, 1500, 2000, 5000])[1 + (n / 4) % 6] end,
              10 + n % 30, 10 + n % 20, 5 + n % 15,
              (array[0, 6, 12, 24])[1 + n % 4],
              ''
         from generate_series(1, $1::int) as n`,
      [items, HOT_ITEMS],
    ),
  );

  // Per line 30…100 movements (65 on average) at increasing times over the past 365 days (fewer over
  // fewer `days`, the same rate a day, for a younger data set's history); the first is a
  // production of 5000…7000 pieces and later changes lie in -50…+60, so no running sum can go below 0.
  // Rows are inserted in time order, so ids grow with created_at as they do in real use.
  const historySeconds = await timed(() =>
    client.query(
      `insert into stock_history (stock_line_id, product_item_id, warehouse_id, action, quantity_change,
         quantity_after_change, notes, created_by, created_at)
       select line_id, item_id, warehouse_id,
              case when seq = 1 then 'PRODUCTION_INBOUND'
                   when seq % 20 = 0 then 'STOCK_COUNT'
                   when change > 0 then (array['PRODUCTION_INBOUND','RETURN_INBOUND','PURCHASE_INBOUND',
                                               'TRANSFER_INBOUND'])[1 + seq % 4]
                   else (array['SHIPMENT_OUTBOUND','RETAIL_OUTBOUND','INDIVIDUAL_OUTBOUND',
                               'TRANSFER_OUTBOUND'])[1 + seq % 4] end,
              change,
              sum(change) over (partition by line_id order by seq),
              '',
              (select id from users where user_name = $1),
              at
         from (select l.id as line_id, l.product_item_id as item_id, l.warehouse_id, s.seq,
                      case when s.seq = 1 then 5000 + floor(random() * 2000)::int
                           else coalesce(nullif(floor(random() * 111)::int - 50, 0), 1) end as change,
                      now() - $2 * interval '1 day' + (s.seq - 1 + random()) * ($2 * interval '1 day' / e.k) as at
                 from stock_lines l
                 cross join lateral (select greatest(1, round((30 + (l.id * 37) % 71) * $2 / 365.0))::int as k) e
                 cross join lateral generate_series(1, e.k) as s(seq)) g
        order by at`,
      [adminUserName, days],
    ),
  );

  const quantitySeconds = await timed(() =>
    client.query(
      `update stock_lines l set quantity = h.total
         from (select stock_line_id, sum(quantity_change)::int as total from stock_history group by stock_line_id) h
        where h.stock_line_id = l.id`,
    ),
  );
  // A running database is vacuumed and analyzed by autovacuum; a freshly loaded one is not yet.
  const analyzeSeconds = await timed(async () => {
    await client.query('vacuum (analyze) stock_history');
    await client.query('vacuum (analyze) stock_lines');
    await client.query('analyze');
  });

  const { rows } = await client.query<{ items: number; warehouses: number; lines: number; history: string }>(
    `select (select count(*) from product_items)::int as items, (select count(*) from warehouses)::int as warehouses,
            (select count(*) from stock_lines)::int as lines, (select count(*) from stock_history) as history`,
  );
  return {
    items: rows[0]!.items,
    warehouses: rows[0]!.warehouses,
    lines: rows[0]!.lines,
    historyRows: Number(rows[0]!.history),
    seconds: {
      items: itemSeconds,
      history: historySeconds,
      quantities: quantitySeconds,
      analyze: analyzeSeconds,
    },
  };
}
