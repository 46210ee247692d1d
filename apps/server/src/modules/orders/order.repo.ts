import { vehicleDescription } from '@mandira/contract/fleet';
import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import { LEFT_WAREHOUSE_STATUSES } from '@mandira/contract/loading';
import {
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type OrderItemStatus,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import {
  ORDER_COLOR_LABELS,
  type Order,
  type OrderColor,
  type OrderItem,
  type WarehouseLoad,
} from '@mandira/contract/orders';
import { type PackagingType, type PackagingUnitType, storageFormOf } from '@mandira/contract/products';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
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

/** The planned vehicle's columns (`pv`), as orders and items name it. */
type PlannedVehicleRow = {
  planned_vehicle_id: number | null;
  planned_plate: string | null;
  planned_brand: string | null;
  planned_model: string | null;
};
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

type ItemRow = {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  stock_code: string | null;
  barcode: string | null;
  quantity_in_box: number;
  unit_price: number;
  discount: number;
  ordered_quantity: number;
  quantity: number;
  loaded_quantity: number;
  status: OrderItemStatus;
} & PlannedVehicleRow;

type ContentRow = {
  product_id: number;
  product_item_id: number;
  quantity: number;
  name: string;
  barcode: string;
  packaging_type: PackagingType;
  packaging_unit_type: PackagingUnitType;
  packaging_unit_type_amount: number;
};

export type Paging = { limit: number; offset: number };

/** Newest first, as the index `orders_created_idx` (and the status and buyer indexes) are built. */
const NEWEST_FIRST = sql`o.created_at desc nulls last, o.id desc nulls last`;

/**
 * The orders `where` selects (a condition on `o`, the orders table), newest first, with their buyer,
 * branch and items in three statements whatever the number of orders. The page's ids are chosen
 * first, so a status and date filter is answered from `orders_status_created_idx` alone (no table
 * rows read for the orders that only compete for the page) and only the page's rows are joined.
 */
export async function findOrders(db: Db | Tx, where: SQL, paging: Paging): Promise<Order[]> {
  const rows = await rowsOf<OrderRow>(
    db,
    sql`select o.id, o.order_number, o.buyer_id, b.title as buyer_title, b.code as buyer_code,
               o.buyer_request_reference_code, w.id as branch_id, w.code as branch_code, w.title as branch_title,
               o.status, o.color_group, o.planned_shipment_date::text as planned_shipment_date,
               o.created_at, o.completed_at, o.total_price::float8 as total_price,
               o.dealt_total_price::float8 as dealt_total_price, o.estimated_palette_count, ${PLANNED_VEHICLE}
          from (select o.id from orders o
                 where ${where}
                 order by ${NEWEST_FIRST}
                 limit ${paging.limit} offset ${paging.offset}) page
          join orders o on o.id = page.id
          join buyers b on b.id = o.buyer_id
          left join buyer_warehouses w on w.id = o.buyer_branch_id
          left join vehicles pv on pv.id = o.planned_vehicle_id
         order by ${NEWEST_FIRST}`,
  );
  if (rows.length === 0) return [];
  const items = await rowsOf<ItemRow>(
    db,
    sql`select oi.id, oi.order_id, oi.product_id, oi.product_name, oi.stock_code, oi.barcode, oi.quantity_in_box,
               oi.unit_price::float8 as unit_price, oi.discount::float8 as discount, oi.ordered_quantity,
               oi.quantity, oi.loaded_quantity, oi.status, ${PLANNED_VEHICLE}
          from order_items oi
          left join vehicles pv on pv.id = oi.planned_vehicle_id
         where oi.order_id = any(${sql.param(rows.map((row) => row.id))}::int[])
         order by oi.order_id, oi.id`,
  );
  const contents = await contentsOf(db, [...new Set(items.map((item) => item.product_id))]);
  const loads = await warehouseLoadsOf(db, items);
  const itemsOf = new Map<number, OrderItem[]>();
  for (const item of items) {
    const list = itemsOf.get(item.order_id) ?? [];
    list.push(toOrderItem(item, contents.get(item.product_id) ?? [], loads.get(item.id)));
    itemsOf.set(item.order_id, list);
  }
  return rows.map((row) => toOrder(row, itemsOf.get(row.id) ?? []));
}

/** Orders matching `where`, counted for a page's total. */
export async function countOrders(db: Db | Tx, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders o where ${where}`,
  );
  return row?.count ?? 0;
}

export async function findOrder(db: Db | Tx, orderId: number): Promise<Order> {
  const [order] = await findOrders(db, sql`o.id = ${orderId}`, { limit: 1, offset: 0 });
  if (!order) throw notFound('Sipariş bulunamadı.');
  return order;
}

type LoadRow = {
  order_item_id: number;
  gone: boolean;
  warehouse: string;
  warehouse_label: string;
  shipment_id: number;
  shipment_code: string;
  quantity: number;
};

type ItemLoads = { loads: WarehouseLoad[]; onDelivery: boolean };

/** Pieces loaded per item, shipment and warehouse, for the items that have loaded any. */
async function warehouseLoadsOf(db: Db | Tx, items: ItemRow[]): Promise<Map<number, ItemLoads>> {
  const byItem = new Map<number, ItemLoads>();
  const loaded = items.filter((item) => item.loaded_quantity > 0).map((item) => item.id);
  if (loaded.length === 0) return byItem;
  const rows = await rowsOf<LoadRow>(
    db,
    sql`select sl.order_item_id, w.name as warehouse, w.short_name as warehouse_label, s.id as shipment_id,
               s.code as shipment_code, sum(sl.pieces)::int as quantity,
               s.status = any(${sql.param([...LEFT_WAREHOUSE_STATUSES])}::text[]) as gone
          from shipment_loads sl
          join warehouses w on w.id = sl.warehouse_id
          join shipments s on s.id = sl.shipment_id
         where sl.order_item_id = any(${sql.param(loaded)}::int[])
         group by sl.order_item_id, w.id, s.id
         order by sl.order_item_id, s.id, w.id`,
  );
  for (const row of rows) {
    const item = byItem.get(row.order_item_id) ?? { loads: [], onDelivery: false };
    item.loads.push({
      warehouse: row.warehouse,
      warehouseLabel: row.warehouse_label,
      shipmentId: row.shipment_id,
      shipmentCode: row.shipment_code,
      quantity: row.quantity,
    });
    item.onDelivery ||= row.gone;
    byItem.set(row.order_item_id, item);
  }
  return byItem;
}

/** The bundles of the products, with the items' names and storage forms. */
async function contentsOf(db: Db | Tx, productIds: number[]): Promise<Map<number, ContentRow[]>> {
  const byProduct = new Map<number, ContentRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await rowsOf<ContentRow>(
    db,
    sql`select pb.product_id, pb.product_item_id, pb.quantity, i.name, i.barcode, i.packaging_type,
               i.packaging_unit_type, i.packaging_unit_type_amount::float8 as packaging_unit_type_amount
          from product_bundles pb join product_items i on i.id = pb.product_item_id
         where pb.product_id = any(${sql.param(productIds)}::int[])
         order by pb.product_id, pb.id`,
  );
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(row);
    byProduct.set(row.product_id, list);
  }
  return byProduct;
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
    plannedShipmentVehicleId: row.planned_vehicle_id,
    plannedShipmentVehicleDescription: plannedDescription(row),
    estimatedPaletteCount: row.estimated_palette_count,
    orderItems,
  };
}

function toOrderItem(
  row: ItemRow,
  contents: ContentRow[],
  loads: ItemLoads = { loads: [], onDelivery: false },
): OrderItem {
  const unitPrice = Number(row.unit_price);
  const discount = Number(row.discount);
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
    netUnitPrice: Math.max(0, Math.round((unitPrice - discount) * 100) / 100),
    plannedShipmentVehicleId: row.planned_vehicle_id,
    plannedShipmentVehicleDescription: plannedDescription(row),
    productContent: contents.map((line) => ({
      productItemId: line.product_item_id,
      quantity: line.quantity,
      name: line.name,
      barcode: line.barcode,
    })),
    warehouseLoads: loads.loads,
    onDelivery: loads.onDelivery,
  };
}
