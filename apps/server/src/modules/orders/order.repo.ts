import { vehicleDescription } from '@mandira/contract/fleet';
import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import { LEFT_WAREHOUSE_STATUSES } from '@mandira/contract/loading';
import {
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import {
  type ItemShipment,
  ORDER_COLOR_LABELS,
  type Order,
  type OrderColor,
  type OrderItem,
} from '@mandira/contract/orders';
import { storageFormOf } from '@mandira/contract/products';
import { SHIPMENT_STATUS_LABELS } from '@mandira/contract/shipment-machine';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { approvedOf, orderAmountsOf } from './order-amounts.ts';
import {
  type ContentRow,
  type ItemLoads,
  type ItemRow,
  type ItemTuple,
  type PlannedVehicleRow,
  pageItemOf,
} from './order-page-rows.ts';
import { reserves } from './order-steps.ts';

type OrderRow = {
  id: number;
  order_number: number;
  buyer_id: number;
  buyer_title: string;
  buyer_code: string;
  buyer_request_reference_code: string;
  branch_id: number | null;
  branch_code: string | null;
  branch_title: string | null;
  status: OrderStatus;
  color_group: OrderColor | null;
  planned_shipment_date: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  total_price: number;
  dealt_total_price: number;
} & PlannedVehicleRow & { estimated_palette_count: number | null };

const PLANNED_VEHICLE = sql`pv.id as planned_vehicle_id, pv.licence_plate_code as planned_plate,
  pv.brand as planned_brand, pv.model as planned_model`;
const plannedDescription = (row: PlannedVehicleRow) =>
  row.planned_vehicle_id === null
    ? null
    : vehicleDescription({
        licencePlateCode: row.planned_plate!,
        brand: row.planned_brand!,
        model: row.planned_model!,
      });

/**
 * `oldestFirst`: the offset counts from the oldest order (the page is still answered newest first).
 * `statuses`: the orders are also of one of these statuses, walked one status after the other (see
 * chosenOrders), so a page of several statuses reads up to itself instead of sorting every match.
 */
export type Paging = { limit: number; offset: number; oldestFirst?: boolean; statuses?: readonly string[] };

/** Newest first, as the index `orders_created_idx` (and the status and buyer indexes) are built. */
const NEWEST_FIRST = sql`o.created_at desc nulls last, o.id desc nulls last`;
/** The same index walked backwards. */
const OLDEST_FIRST = sql`o.created_at asc nulls first, o.id asc nulls first`;

/**
 * The orders `where` selects, as `o` with `id` and `created_at`. With `statuses`, each status's orders
 * up to the page's end are walked from `orders_status_created_idx` in the page's order (a branch with
 * its own order and limit, so even a small table is walked, not read whole and sorted), and the page is
 * cut from what the walks found.
 */
function chosenOrders(where: SQL, paging: Paging): SQL {
  if (!paging.statuses) return sql`orders o where ${where}`;
  const order = paging.oldestFirst ? OLDEST_FIRST : NEWEST_FIRST;
  const branches = paging.statuses.map(
    (status) => sql`(select o.id, o.created_at from orders o where o.status = ${status} and ${where}
                      order by ${order} limit ${paging.limit + paging.offset})`,
  );
  return sql`(${sql.join(branches, sql` union all `)}) o`;
}

/** An order row with its items (JSON arrays, as the statement builds them). */
type PageRow = OrderRow & { items: ItemTuple[] | null };

/**
 * The orders `where` selects (a condition on `o`, the orders table), newest first, with their buyer,
 * branch, planned vehicle, items and the items' bundle contents and loads, in one statement whatever the
 * number of orders. The page's ids are chosen first, from the index the condition matches (a screen's
 * partial index, `orders_status_created_idx` for a status, `orders_created_idx` for every order), so the
 * orders that only compete for the page cost an index entry each, and only the page's orders are joined
 * to their items, loads and lots. `oldestFirst` walks the index from the other end (the page is still
 * answered newest first): a deep page is reached from the end nearer to it (decision 160). Items and
 * contents come as one JSON column per order, read by the driver's JSON parser, each item and line an
 * array of its values (decision 201).
 */
export async function findOrders(db: Db | Tx, where: SQL, paging: Paging): Promise<Order[]> {
  const rows = await preparedRowsOf<PageRow>(
    db,
    `order_page${paging.oldestFirst ? '_from_oldest' : ''}${paging.statuses ? `_${paging.statuses.length}` : ''}`,
    sql`with page as (
          select o.id from ${chosenOrders(where, paging)}
           order by ${paging.oldestFirst ? OLDEST_FIRST : NEWEST_FIRST}
           limit ${paging.limit} offset ${paging.offset}
        ),
        items as (
          -- One probe of order_items_order_idx per order of the page: 'offset 0' keeps the planner from
          -- hashing the whole table when it is small or its statistics are old.
          select oi.* from page cross join lateral
                 (select * from order_items where order_id = page.id offset 0) oi
        ),
        -- Each item's bundle as it was ordered (decision 99), not the product's today.
        contents as (
          select pb.snapshot_id,
                 json_agg(json_build_array(
                   pb.product_item_id, pb.quantity, i.name, i.barcode, i.packaging_type,
                   i.packaging_unit_type, i.packaging_unit_type_amount::float8) order by pb.id) as lines
            from bundle_snapshot_lines pb join product_items i on i.id = pb.product_item_id
           where pb.snapshot_id = any(array(select distinct bundle_snapshot_id from items))
           group by pb.snapshot_id
        ),
        -- The lots each load of an item took, per shipment and stock warehouse (decision 152).
        load_lots as (
          select z.order_item_id, z.shipment_id, z.warehouse_id,
                 json_agg(json_build_object(
                   'lotId', t.id, 'productItemId', t.product_item_id, 'code', t.code,
                   'expiryDate', t.expiry_date, 'pieces', z.pieces)
                   order by t.product_item_id, t.expiry_date nulls last, t.id) as lots
            from (select sl.order_item_id, sl.shipment_id, sl.warehouse_id, ll.lot_id, sum(ll.quantity)::int as pieces
                    from shipment_loads sl join shipment_load_lines ll on ll.shipment_load_id = sl.id
                   where sl.order_item_id = any(array(select id from items where loaded_quantity > 0))
                   group by sl.order_item_id, sl.shipment_id, sl.warehouse_id, ll.lot_id) z
            join lots t on t.id = z.lot_id
           group by z.order_item_id, z.shipment_id, z.warehouse_id
        ),
        -- Pieces loaded per item, shipment and stock warehouse, and whether one has left.
        loads as (
          select x.order_item_id,
                 json_agg(json_build_object(
                   'warehouse', w.name, 'warehouseLabel', w.short_name, 'shipmentId', s.id,
                   'shipmentCode', s.code, 'quantity', x.quantity,
                   'lots', coalesce(ll.lots, '[]'::json)) order by s.id, w.id) as loads,
                 bool_or(s.status = any(${sql.param([...LEFT_WAREHOUSE_STATUSES])}::text[])) as on_delivery
            from (select order_item_id, shipment_id, warehouse_id, sum(pieces)::int as quantity
                    from shipment_loads
                   where order_item_id = any(array(select id from items where loaded_quantity > 0))
                   group by order_item_id, shipment_id, warehouse_id) x
            join warehouses w on w.id = x.warehouse_id
            join shipments s on s.id = x.shipment_id
            left join load_lots ll on ll.order_item_id = x.order_item_id and ll.shipment_id = x.shipment_id
                                  and ll.warehouse_id = x.warehouse_id
           group by x.order_item_id
        ),
        -- The shipments (and their vehicles) each loaded item is on: what carries it, not what was planned.
        carriers as (
          select y.order_item_id,
                 json_agg(json_build_object(
                   'shipmentId', s.id, 'shipmentCode', s.code, 'status', s.status, 'vehicleId', v.id,
                   'plate', v.licence_plate_code, 'brand', v.brand, 'model', v.model,
                   'quantity', y.quantity) order by s.id) as carriers
            from (select order_item_id, shipment_id, sum(pieces)::int as quantity
                    from shipment_loads
                   where order_item_id = any(array(select id from items where loaded_quantity > 0))
                   group by order_item_id, shipment_id) y
            join shipments s on s.id = y.shipment_id
            join vehicles v on v.id = s.vehicle_id
           group by y.order_item_id
        ),
        -- Materialized: aggregated once. Inlined, its aggregate sat inside the join to the page's orders
        -- and was run again for every order of the page (decision 199).
        order_lines as materialized (
          select it.order_id,
                 -- Arrays, not objects, as the contents' lines: a page's items are its biggest part, and
                 -- their field names cost a fifth of the statement to write, and the server to read
                 -- (decision 201; order-page-rows.ts names them).
                 json_agg(json_build_array(
                   it.id, it.order_id, it.product_id, it.product_name, it.stock_code, it.barcode,
                   it.quantity_in_box, it.unit_price::float8, it.discount::float8, it.ordered_quantity,
                   it.quantity, it.loaded_quantity, it.status,
                   pv.id, pv.licence_plate_code, pv.brand, pv.model,
                   c.lines, ld.loads, ld.on_delivery, cr.carriers) order by it.id) as items
            from items it
            left join contents c on c.snapshot_id = it.bundle_snapshot_id
            left join loads ld on ld.order_item_id = it.id
            left join carriers cr on cr.order_item_id = it.id
            left join vehicles pv on pv.id = it.planned_vehicle_id
           group by it.order_id
        )
        select o.id, o.order_number, o.buyer_id, b.title as buyer_title, b.code as buyer_code,
               o.buyer_request_reference_code, w.id as branch_id, w.code as branch_code, w.title as branch_title,
               o.status, o.color_group, o.planned_shipment_date::text as planned_shipment_date,
               o.created_at, o.completed_at, o.total_price::float8 as total_price,
               o.dealt_total_price::float8 as dealt_total_price, o.estimated_palette_count, ${PLANNED_VEHICLE},
               ol.items
          from page
          cross join lateral (select * from orders where id = page.id offset 0) o
          join buyers b on b.id = o.buyer_id
          left join buyer_warehouses w on w.id = o.buyer_branch_id
          left join order_lines ol on ol.order_id = o.id
          left join lateral (select * from vehicles where id = o.planned_vehicle_id offset 0) pv on true
         order by ${NEWEST_FIRST}`,
  );
  return rows.map((row) =>
    toOrder(
      row,
      (row.items ?? []).map((tuple) => {
        const item = pageItemOf(tuple);
        return toOrderItem(item.row, item.contents, item.loads);
      }),
    ),
  );
}

/**
 * Orders matching `where`, counted up to `limit` (decision 149): the count stops there, so a broad
 * search costs at most that many index entries.
 */
export async function countOrdersUpTo(db: Db | Tx, where: SQL, limit: number): Promise<number> {
  const [row] = await preparedRowsOf<{ count: number }>(
    db,
    'orders_counted',
    sql`select count(*)::int as count from (select 1 from orders o where ${where} limit ${limit}) matched`,
  );
  return row?.count ?? 0;
}

export async function findOrder(db: Db | Tx, orderId: number): Promise<Order> {
  const [order] = await findOrders(db, sql`o.id = ${orderId}`, { limit: 1, offset: 0 });
  if (!order) throw notFound('Sipariş bulunamadı.');
  return order;
}

const isoOf = (value: Date | string) => toIstanbulIso(value instanceof Date ? value : new Date(value));

function toOrder(row: OrderRow, orderItems: OrderItem[]): Order {
  return {
    id: row.id,
    orderNumber: row.order_number,
    buyerId: row.buyer_id,
    buyer: { id: row.buyer_id, title: row.buyer_title, code: row.buyer_code },
    buyerRequestReferenceCode: row.buyer_request_reference_code,
    buyerBranch: row.branch_id,
    buyerBranchDescription:
      row.branch_id === null ? null : { id: row.branch_id, code: row.branch_code!, title: row.branch_title! },
    statusDescription: enumDescription(ORDER_STATUS_LABELS, row.status),
    colorGroup: row.color_group,
    colorGroupDescription: row.color_group ? enumDescription(ORDER_COLOR_LABELS, row.color_group) : null,
    createdAt: isoOf(row.created_at),
    plannedShipmentDate: row.planned_shipment_date,
    completedAt: row.completed_at === null ? null : isoOf(row.completed_at),
    amountSummary: {
      totalPriceOnTransaction: Number(row.total_price),
      dealtTotalPriceOnTransaction: Number(row.dealt_total_price),
    },
    amounts: orderAmountsOf(
      {
        status: row.status,
        totalPrice: Number(row.total_price),
        dealtTotalPrice: Number(row.dealt_total_price),
      },
      orderItems,
    ),
    plannedShipmentVehicleId: row.planned_vehicle_id,
    plannedShipmentVehicleDescription: plannedDescription(row),
    estimatedPaletteCount: row.estimated_palette_count,
    orderItems,
  };
}

function toOrderItem(
  row: ItemRow,
  contents: ContentRow[],
  loads: ItemLoads = { loads: [], onDelivery: false, carriers: [] },
): OrderItem {
  const unitPrice = Number(row.unit_price);
  const deliveryShipments: ItemShipment[] = loads.carriers.map((carrier) => ({
    shipmentId: carrier.shipmentId,
    shipmentCode: carrier.shipmentCode,
    shipmentStatus: enumDescription(SHIPMENT_STATUS_LABELS, carrier.status),
    vehicleId: carrier.vehicleId,
    vehicleDescription: vehicleDescription({
      licencePlateCode: carrier.plate,
      brand: carrier.brand,
      model: carrier.model,
    }),
    quantity: carrier.quantity,
  }));
  const vehicles = [...new Set(deliveryShipments.map((one) => one.vehicleDescription))];
  const discount = Number(row.discount);
  const netUnitPrice = Math.max(0, Math.round((unitPrice - discount) * 100) / 100);
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    stockCode: row.stock_code,
    barcode: row.barcode,
    stockHoldingText: contents
      .map((line) => {
        const form = storageFormOf({
          packagingUnitTypeAmount: line.packaging_unit_type_amount,
          packagingUnitType: line.packaging_unit_type,
          packagingType: line.packaging_type,
        });
        return line.quantity > 1 ? `${line.quantity} × ${form}` : form;
      })
      .join(' + '),
    statusDescription: enumDescription(ORDER_ITEM_STATUS_LABELS, row.status),
    orderedQuantity: row.ordered_quantity,
    quantity: row.quantity,
    quantityInBox: row.quantity_in_box,
    boxQuantity: row.quantity_in_box > 0 ? Math.floor(row.quantity / row.quantity_in_box) : 0,
    loadedQuantity: row.loaded_quantity,
    // What is still to load: nothing once loading has finished (the rest is released) or it is canceled.
    remainingQuantity: reserves(row.status) ? row.quantity - row.loaded_quantity : 0,
    unitPrice,
    discount,
    netUnitPrice,
    ...approvedOf(row.status, row.quantity, netUnitPrice),
    plannedShipmentVehicleId: row.planned_vehicle_id,
    plannedShipmentVehicleDescription: plannedDescription(row),
    productContent: contents.map((line) => ({
      productItemId: line.product_item_id,
      quantity: line.quantity,
      name: line.name,
      barcode: line.barcode,
    })),
    warehouseLoads: loads.loads,
    deliveryShipments,
    deliveryVehicleDescription: vehicles.length === 0 ? null : vehicles.join(', '),
    onDelivery: loads.onDelivery,
  };
}
