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
  const movesSeconds = await timed(() =>
    client.query(
      `create temp table bench_moves as
       select g.*,
              case when g.seq > 1 and g.change > 0 and g.seq % 20 <> 0
                   then to_char(g.day, 'YYMM') || '-' || chr(65 + g.third) end as lot_code,
              date_trunc('month', g.day)::date + g.third * 10 as produced
         from (select m.*, (m.at at time zone 'Europe/Istanbul')::date as day,
                      least(2, (extract(day from m.at at time zone 'Europe/Istanbul')::int - 1) / 10) as third
                 from (select l.id as line_id, l.product_item_id as item_id, l.warehouse_id, s.seq,
                              case when s.seq = 1 then 5000 + floor(random() * 2000)::int
                                   else coalesce(nullif(floor(random() * 111)::int - 50, 0), 1) end as change,
                              now() - $1 * interval '1 day' + (s.seq - 1 + random()) * ($1 * interval '1 day' / e.k) as at
                         from stock_lines l
                         cross join lateral (select greatest(1, round((30 + (l.id * 37) % 71) * $1 / 365.0))::int as k) e
                         cross join lateral generate_series(1, e.k) as s(seq)) m) g`,
      [days],
    ),
  );
  const historySeconds =
    movesSeconds +
    (await timed(async () => {
      await generateLots(client, adminUserName);
      await writeHistory(client, adminUserName);
    }));
  const quantitySeconds = await timed(() =>
    client
      .query(
        `update stock_lines l set quantity = h.total
         from (select stock_line_id, sum(quantity_change)::int as total from stock_history group by stock_line_id) h
        where h.stock_line_id = l.id`,
      )
      .then(() =>
        client.query(
          `insert into lot_stocks (stock_line_id, lot_id, product_item_id, warehouse_id, quantity, expiry_date,
                                  lot_code, production_date)
         select h.*, t.expiry_date, t.code, t.production_date
           from (select stock_line_id, lot_id, min(product_item_id), min(warehouse_id), sum(quantity_change)
                   from stock_history group by stock_line_id, lot_id having sum(quantity_change) > 0) h
           join lots t on t.id = h.lot_id`,
        ),
      ),
  );
  // A running database is vacuumed and analyzed by autovacuum; a freshly loaded one is not yet.
  const analyzeSeconds = await timed(async () => {
    await client.query('vacuum (analyze) stock_history');
    await client.query('vacuum (analyze) stock_lines');
    await client.query('vacuum (analyze) lot_stocks');
    await client.query('vacuum (analyze) lots');
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

/**
 * Lots (decision 151): the opening production of a line is stock from before lots, in its item's
 * undated lot ('SKT yok'), and so are the pieces a count finds; every other goods-in is a dated lot of
 * its item, three a month (received on the 1st–10th, 11th–20th and 21st–end: codes like '2611-A', '2611-B',
 * '2611-C'), made on the first day of its third and keeping 45…364 days by item (yoghurt to kaşar).
 * The same code of the item in all 8 warehouses is one lot.
 */
async function generateLots(client: pg.Client, adminUserName: string): Promise<void> {
  await client.query(
    `insert into lots (product_item_id, code, expiry_date, production_date, created_by, created_at)
     select item_id, lot_code, produced + 45 + (item_id * 37) % 320, produced,
            (select id from users where user_name = $1), min(at)
       from bench_moves where lot_code is not null
      group by item_id, lot_code, produced
     union all
     select id, '', null, null, (select id from users where user_name = $1), now() - interval '400 days'
       from product_items`,
    [adminUserName],
  );
}

/**
 * The history, one row per lot a movement touched, as the movement engine writes it: goods-in into its
 * lot, goods-out and counts that lower a line first-expired-first-out over the dated lots received so
 * far and from the undated lot only when they are used up. With D the dated pieces received and O the
 * pieces taken up to a row, the undated lot has given U = max(0, running max of O − D), the dated lots
 * the first O − U pieces in the order they came in (lots come in in expiry order per item). Rows are
 * inserted in time order, so ids grow with created_at as they do in real use, and each line's
 * quantity_after_change is its running sum.
 */
async function writeHistory(client: pg.Client, adminUserName: string): Promise<void> {
  await client.query(
    `create temp table bench_flow as
     select f.*, f.taken - f.undated as dated_taken,
            lag(f.taken - f.undated, 1, 0::bigint) over w as dated_taken_before,
            f.undated - lag(f.undated, 1, 0::bigint) over w as undated_step
       from (select r.*, greatest(0, max(r.taken - r.received) over w) as undated
               from (select m.*, t.id as lot_id,
                            sum(case when t.id is not null then m.change else 0 end) over w as received,
                            sum(greatest(0, -m.change)) over w as taken
                       from bench_moves m left join lots t on t.product_item_id = m.item_id and t.code = m.lot_code
                     window w as (partition by m.line_id order by m.seq)) r
             window w as (partition by r.line_id order by r.seq)) f
     window w as (partition by f.line_id order by f.seq)`,
  );
  await client.query(
    `create temp table bench_lot_spans as
     select line_id, lot_id, min(received - change) as span_start, max(received) as span_end
       from bench_flow where lot_id is not null group by line_id, lot_id`,
  );
  // A bulk load builds the history's plain indexes after it rather than keeping them row by row: at ten
  // years (BENCH_OFFICE_SCALE=10, ~13 million rows) they grow to twice the table while it is written.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes i
      where schemaname = 'public' and tablename = 'stock_history'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  await client.query(
    `insert into stock_history (stock_line_id, product_item_id, warehouse_id, lot_id, action, quantity_change,
       quantity_after_change, notes, created_by, created_at)
     select line_id, item_id, warehouse_id, lot_id,
            case when seq = 1 then 'PRODUCTION_INBOUND'
                 when seq % 20 = 0 then 'STOCK_COUNT'
                 when change > 0 then (array['PRODUCTION_INBOUND','RETURN_INBOUND','PURCHASE_INBOUND',
                                             'TRANSFER_INBOUND'])[1 + seq % 4]
                 else (array['SHIPMENT_OUTBOUND','RETAIL_OUTBOUND','INDIVIDUAL_OUTBOUND',
                             'TRANSFER_OUTBOUND'])[1 + seq % 4] end,
            piece,
            sum(piece) over (partition by line_id order by seq, part),
            '', (select id from users where user_name = $1), at
       from (select f.line_id, f.item_id, f.warehouse_id, f.seq, f.at, f.change,
                    coalesce(f.lot_id, u.id) as lot_id, f.change::bigint as piece, 0::bigint as part
               from bench_flow f join lots u on u.product_item_id = f.item_id and u.code = ''
              where f.change > 0
             union all
             select f.line_id, f.item_id, f.warehouse_id, f.seq, f.at, f.change, s.lot_id,
                    -(least(f.dated_taken, s.span_end) - greatest(f.dated_taken_before, s.span_start)), s.span_start + 1
               from bench_flow f
               join bench_lot_spans s on s.line_id = f.line_id
                and s.span_end > f.dated_taken_before and s.span_start < f.dated_taken
              where f.change < 0
             union all
             select f.line_id, f.item_id, f.warehouse_id, f.seq, f.at, f.change, u.id, -f.undated_step, 9223372036854775807
               from bench_flow f join lots u on u.product_item_id = f.item_id and u.code = ''
              where f.change < 0 and f.undated_step > 0) p
      order by at, line_id, seq, part`,
    [adminUserName],
  );
  for (const index of indexes) await client.query(index.definition);
  await client.query('drop table bench_lot_spans, bench_flow, bench_moves');
}
