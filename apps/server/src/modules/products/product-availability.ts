import { todayInIstanbul } from '@mandira/contract/lots';
import type { PackagingType, PackagingUnitType } from '@mandira/contract/products';
import type { ProductStock, ProductStocks } from '@mandira/contract/sellable-products';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, rowsOf, type Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';

/** A bundle line with its item's card, as the product list answers it before its labels. */
export type BundleRow = {
  id: number;
  productItemId: number;
  quantity: number;
  name: string;
  stockCode: string;
  barcode: string;
  packagingGroup: string | null;
  packagingType: PackagingType;
  packagingUnitType: PackagingUnitType;
  packagingUnitTypeAmount: number;
};

type FigureRow = {
  id: number;
  name: string;
  stock_code: string | null;
  barcode: string | null;
  quantity_inside_box: number;
  price: number;
  discount: number;
  online_listing_available: boolean;
  truck_shipping_available: boolean;
  notes: string;
  version: number;
  warehouse_stock_count: number;
  waiting_in_basket_stock_count: number;
  waiting_in_order_stock_count: number;
  expired_stock_count: number;
  available_stock_count: number;
  available_box_count: number;
  sharing_product_count: number;
};

/**
 * The catalogue's window on baskets and orders, as item-stock.ts is its window on stock.
 *
 * The order screen's figures of the products `where` selects (a condition on `p`, the products table),
 * in one statement (docs/domain/products-and-reservations.md). Reservations are counted per item over
 * every product that shares it: the pieces of each such product in baskets times the item's quantity in
 * its bundle, and the pieces of open order items (quantity − loaded) times the item's quantity in the
 * bundle they were ordered with (decision 99), both kept by the writes (decision 65). available =
 * min over bundle lines ⌊(on hand − expired − reserved) ÷ line quantity⌋: pieces of lots whose expiry date
 * is before today (Istanbul) are on hand but can be promised to no one (decision 155). It may be negative
 * after a goods-out, or when lots expire under pieces already promised; the boxes of it are never below 0. An item's lines and reservations together pass 2³¹, so the figures
 * are summed in bigint/numeric and answered as float8, whole numbers exact below 2⁵³ (decision 94).
 */
export function productFiguresStatement(where: SQL): SQL {
  return sql`
    with sel as (select p.id from products p where ${where}),
    lines as (
      select b.product_id, b.product_item_id, b.quantity from product_bundles b where b.product_id in (select id from sel)
    ),
    -- Each product's pieces in baskets and open order items are kept in product_reservations by the
    -- writes that change them (decision 65), so they are read here, not summed.
    demand as (
      select r.product_id, r.basket_pieces as in_baskets, r.order_pieces as in_orders
        from product_reservations r where r.product_id in (select id from sel)
    ),
    -- As an array, the items' lines are read from stock_lines_item_warehouse_key, not the whole table.
    item_on_hand as (
      select sl.product_item_id, sum(sl.quantity) as on_hand from stock_lines sl
       where sl.product_item_id = any(array(select product_item_id from lines)) group by sl.product_item_id
    ),
    item_expired as (${itemExpiredStatement(sql`select product_item_id from lines`)}),
    item_reserved as (${itemReservedStatement(sql`select product_item_id from lines`)}),
    item_free as (
      select i.product_item_id, coalesce(h.on_hand, 0) as on_hand, coalesce(e.expired, 0) as expired,
             coalesce(r.reserved, 0) as reserved
        from (select distinct product_item_id from lines) i
        left join item_on_hand h on h.product_item_id = i.product_item_id
        left join item_expired e on e.product_item_id = i.product_item_id
        left join item_reserved r on r.product_item_id = i.product_item_id
    ),
    figures as (
      select l.product_id,
             min(floor(f.on_hand::numeric / l.quantity)) as on_hand,
             min(floor((f.on_hand - f.expired)::numeric / l.quantity)) as fresh,
             min(floor((f.on_hand - f.expired - f.reserved)::numeric / l.quantity)) as available
        from lines l join item_free f on f.product_item_id = l.product_item_id
       group by l.product_id
    ),
    -- Other products whose current bundle holds one of its items: their baskets and orders draw on the
    -- same pieces, so the order screen says why available is less than on hand − its own demand.
    sharing as (
      select l.product_id, count(distinct o.product_id) as products
        from lines l join product_bundles o on o.product_item_id = l.product_item_id and o.product_id <> l.product_id
       group by l.product_id
    )
    select p.id, p.name, p.stock_code, p.barcode, p.quantity_inside_box,
           p.price::float8 as price, p.discount::float8 as discount,
           p.online_listing_available, p.truck_shipping_available, p.notes, p.version,
           coalesce(fg.on_hand, 0)::float8 as warehouse_stock_count,
           coalesce(dm.in_baskets, 0)::float8 as waiting_in_basket_stock_count,
           coalesce(dm.in_orders, 0)::float8 as waiting_in_order_stock_count,
           coalesce(fg.on_hand - fg.fresh, 0)::float8 as expired_stock_count,
           coalesce(fg.available, 0)::float8 as available_stock_count,
           (case when p.quantity_inside_box > 0
                 then greatest(0, floor(coalesce(fg.available, 0) / p.quantity_inside_box)) else 0 end)::float8
             as available_box_count,
           coalesce(sh.products, 0)::int as sharing_product_count
      from products p
      join sel on sel.id = p.id
      left join figures fg on fg.product_id = p.id
      left join demand dm on dm.product_id = p.id
      left join sharing sh on sh.product_id = p.id
     order by p.name, p.id`;
}

/**
 * The expired(item) of the items `items` selects: pieces on hand in lots whose expiry date is before today
 * in Istanbul (the undated lot never expires), read from lot_stocks_item_idx alone: it holds each lot's
 * expiry date and pieces, so only the expired lots' entries are read (decision 170).
 */
function itemExpiredStatement(items: SQL, byWarehouse = false): SQL {
  const warehouse = byWarehouse ? sql`ls.warehouse_id,` : sql``;
  return sql`
    select ls.product_item_id, ${warehouse} sum(ls.quantity) as expired
      from lot_stocks ls
     where ls.product_item_id = any(array(${items})) and ls.quantity > 0
       and ls.expiry_date < ${todayInIstanbul()}::date
     group by ls.product_item_id ${byWarehouse ? sql`, ls.warehouse_id` : sql``}`;
}

/**
 * The reserved(item) of the items `items` selects (a statement answering `product_item_id`):
 * basket pieces of every product by its current bundle, open order pieces by the bundle each item was
 * ordered with (decision 99), both from the kept counters.
 */
function itemReservedStatement(items: SQL): SQL {
  return sql`
    select x.product_item_id, sum(x.reserved) as reserved from (
      select b.product_item_id, r.basket_pieces::bigint * b.quantity as reserved
        from product_bundles b join product_reservations r on r.product_id = b.product_id
       where b.product_item_id in (${items}) and r.basket_pieces > 0
      union all
      select sl.product_item_id, bs.order_pieces::bigint * sl.quantity
        from bundle_snapshot_lines sl join bundle_snapshots bs on bs.id = sl.snapshot_id
       where sl.product_item_id in (${items}) and bs.order_pieces > 0
    ) x group by x.product_item_id`;
}

/**
 * Pieces each bundle snapshot could still give: min over its lines ⌊(on hand − expired − reserved) ÷ line
 * quantity⌋, as `availableStockCount` is for a product's current bundle. Re-approving a placed item
 * counts on the bundle it was ordered with.
 */
export async function snapshotAvailability(
  db: Db | Tx,
  snapshotIds: readonly number[],
): Promise<Map<number, number>> {
  if (snapshotIds.length === 0) return new Map();
  const rows = await preparedRowsOf<{ snapshot_id: number; available: number }>(
    db,
    'snapshot_availability',
    sql`with lines as (
          select sl.snapshot_id, sl.product_item_id, sl.quantity from bundle_snapshot_lines sl
           where sl.snapshot_id = any(${sql.param([...snapshotIds])}::int[])
        ),
        item_on_hand as (
          select sl.product_item_id, sum(sl.quantity) as on_hand from stock_lines sl
           where sl.product_item_id = any(array(select product_item_id from lines)) group by sl.product_item_id
        ),
        item_expired as (${itemExpiredStatement(sql`select product_item_id from lines`)}),
        item_reserved as (${itemReservedStatement(sql`select product_item_id from lines`)})
        select l.snapshot_id,
               min(floor((coalesce(h.on_hand, 0) - coalesce(e.expired, 0) - coalesce(r.reserved, 0))::numeric
                         / l.quantity))::float8 as available
          from lines l
          left join item_on_hand h on h.product_item_id = l.product_item_id
          left join item_expired e on e.product_item_id = l.product_item_id
          left join item_reserved r on r.product_item_id = l.product_item_id
         group by l.snapshot_id`,
  );
  return new Map(rows.map((row) => [row.snapshot_id, Number(row.available)]));
}

function toProductStock(row: FigureRow): ProductStock {
  return {
    id: row.id,
    name: row.name,
    stockCode: row.stock_code,
    barcode: row.barcode,
    quantityInsideBox: row.quantity_inside_box,
    price: Number(row.price),
    discount: Number(row.discount),
    warehouseStockCount: row.warehouse_stock_count,
    waitingInBasketStockCount: row.waiting_in_basket_stock_count,
    waitingInOrderStockCount: row.waiting_in_order_stock_count,
    expiredStockCount: row.expired_stock_count,
    availableStockCount: row.available_stock_count,
    availableBoxCount: row.available_box_count,
    sharingProductCount: row.sharing_product_count,
  };
}

/**
 * Figures of the products `where` selects, by name. Prepared: every basket add and order placement
 * re-counts its products with it, and planning the statement anew cost PostgreSQL more than running it.
 */
export async function productFigures(db: Db | Tx, where: SQL): Promise<ProductStock[]> {
  const rows = await preparedRowsOf<FigureRow>(db, 'product_figures', productFiguresStatement(where));
  return rows.map(toProductStock);
}

/**
 * The products `where` selects with their figures, the rest of their columns and their bundle lines, by
 * name, in one statement. A product's lines come as one JSON column, grouped once for all products
 * (read by the driver's JSON parser, not mapped row by row).
 */
export async function productRowsWithFigures(db: Db | Tx, where: SQL) {
  const rows = await preparedRowsOf<FigureRow & { bundle: BundleRow[] | null }>(
    db,
    'product_list',
    sql`with f as (${productFiguresStatement(where)}),
        bundles as (
          select b.product_id,
                 json_agg(json_build_object(
                   'id', b.id, 'productItemId', i.id, 'quantity', b.quantity, 'name', i.name,
                   'stockCode', i.stock_code, 'barcode', i.barcode, 'packagingGroup', i.packaging_group,
                   'packagingType', i.packaging_type, 'packagingUnitType', i.packaging_unit_type,
                   'packagingUnitTypeAmount', i.packaging_unit_type_amount::float8) order by b.id) as lines
            from product_bundles b join product_items i on i.id = b.product_item_id
           where b.product_id = any(array(select id from f))
           group by b.product_id
        )
        select f.*, bundles.lines as bundle from f left join bundles on bundles.product_id = f.id
         order by f.name, f.id`,
  );
  return rows.map((row) => ({
    ...toProductStock(row),
    onlineListingAvailable: row.online_listing_available,
    truckShippingAvailable: row.truck_shipping_available,
    notes: row.notes,
    version: row.version,
    bundle: row.bundle ?? [],
  }));
}

type WarehouseRow = { id: number; name: string; short_name: string; on_hand: number; fresh: number };

/**
 * `GET /products/{id}/stocks`: the figures, and per own warehouse holding an item of the bundle its pieces
 * on hand, expired and sellable (on hand − expired), each min over the bundle lines as the totals are.
 * Reservations are not kept per warehouse, so what can still be promised is only the total.
 */
export async function productStock(db: Db | Tx, productId: number): Promise<ProductStocks> {
  const [figures] = await productFigures(db, sql`p.id = ${productId}`);
  if (!figures) throw notFound('Satış ürünü bulunamadı.');
  const rows = await rowsOf<WarehouseRow>(
    db,
    sql`with lines as (select b.product_item_id, b.quantity from product_bundles b where b.product_id = ${productId}),
        item_on_hand as (
          select sl.product_item_id, sl.warehouse_id, sl.quantity as on_hand from stock_lines sl
           where sl.product_item_id = any(array(select product_item_id from lines))
        ),
        item_expired as (${itemExpiredStatement(sql`select product_item_id from lines`, true)})
        select w.id, w.name, w.short_name,
               min(floor(coalesce(h.on_hand, 0)::numeric / l.quantity))::float8 as on_hand,
               min(floor((coalesce(h.on_hand, 0) - coalesce(e.expired, 0))::numeric / l.quantity))::float8 as fresh
          from warehouses w
          cross join lines l
          left join item_on_hand h on h.warehouse_id = w.id and h.product_item_id = l.product_item_id
          left join item_expired e on e.warehouse_id = w.id and e.product_item_id = l.product_item_id
         where w.id in (select warehouse_id from item_on_hand where on_hand <> 0)
         group by w.id
         order by w.name, w.id`,
  );
  return {
    ...figures,
    warehouses: rows.map((row) => ({
      warehouseId: row.id,
      warehouse: row.name,
      warehouseLabel: row.short_name,
      warehouseStockCount: row.on_hand,
      expiredStockCount: row.on_hand - row.fresh,
      sellableStockCount: row.fresh,
    })),
  };
}
