import { sql } from 'drizzle-orm';
import type { KeptFigure } from '../../db/kept-figure.ts';

const SUMMED_ITEMS = sql`(select count(*)::int from product_items)`;

/** The catalogue's number of items (migration 0029, decision 164): moved by statement triggers on the items. */
export const PRODUCT_ITEM_COUNT: KeptFigure = {
  name: "the catalogue's items",
  table: 'product_item_count',
  triggers: [
    { table: 'product_items', trigger: 'product_items_written_count' },
    { table: 'product_items', trigger: 'product_items_removed_count' },
    { table: 'product_items', trigger: 'product_items_truncated_count' },
  ],
  services: [],
  differences: sql`
    select 'the catalogue' as key, coalesce((select items from product_item_count), 0)::text as kept,
           ${SUMMED_ITEMS}::text as summed
     where coalesce((select items from product_item_count), 0) <> ${SUMMED_ITEMS}`,
  recount: [
    sql`insert into product_item_count (one, items) values (true, ${SUMMED_ITEMS})
        on conflict (one) do update set items = excluded.items`,
  ],
};
