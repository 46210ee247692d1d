import type { OrderItemStatus } from '@mandira/contract/order-machines';
import type { WarehouseLoad } from '@mandira/contract/orders';
import type { PackagingType, PackagingUnitType } from '@mandira/contract/products';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';

/**
 * The rows of an order page's items as the page's statement writes them (order.repo.ts): JSON arrays,
 * named here (decision 201).
 */

/** The planned vehicle's columns (`pv`), as orders and items name it. */
export type PlannedVehicleRow = {
  planned_vehicle_id: number | null;
  planned_plate: string | null;
  planned_brand: string | null;
  planned_model: string | null;
};
/** An item's columns, named as the answer's mapping (`toOrderItem`) reads them. */
export type ItemRow = {
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

/** A line of an item's bundle as it was ordered (decision 99), named. */
export type ContentRow = {
  product_item_id: number;
  quantity: number;
  name: string;
  barcode: string;
  packaging_type: PackagingType;
  packaging_unit_type: PackagingUnitType;
  packaging_unit_type_amount: number;
};

/** A shipment carrying an item, as the statement builds it. */
export type CarrierRow = {
  shipmentId: number;
  shipmentCode: string;
  status: ShipmentStatus;
  vehicleId: number;
  plate: string;
  brand: string;
  model: string;
  quantity: number;
};

/** What has been loaded of an item, on which shipments, and whether one has left. */
export type ItemLoads = { loads: WarehouseLoad[]; onDelivery: boolean; carriers: CarrierRow[] };

/** An item of a page as the statement's `order_lines` writes it: its values, in this order. */
export type ItemTuple = [
  id: number,
  order_id: number,
  product_id: number,
  product_name: string,
  stock_code: string | null,
  barcode: string | null,
  quantity_in_box: number,
  unit_price: number,
  discount: number,
  ordered_quantity: number,
  quantity: number,
  loaded_quantity: number,
  status: OrderItemStatus,
  planned_vehicle_id: number | null,
  planned_plate: string | null,
  planned_brand: string | null,
  planned_model: string | null,
  contents: ContentTuple[] | null,
  loads: WarehouseLoad[] | null,
  on_delivery: boolean | null,
  carriers: CarrierRow[] | null,
];

/** A line of an item's bundle as the statement's `contents` writes it: its values, in this order. */
export type ContentTuple = [
  product_item_id: number,
  quantity: number,
  name: string,
  barcode: string,
  packaging_type: PackagingType,
  packaging_unit_type: PackagingUnitType,
  packaging_unit_type_amount: number,
];

/** A bundle line, named. */
const contentOf = (line: ContentTuple): ContentRow => ({
  product_item_id: line[0],
  quantity: line[1],
  name: line[2],
  barcode: line[3],
  packaging_type: line[4],
  packaging_unit_type: line[5],
  packaging_unit_type_amount: line[6],
});

/** An item's row and what it carries, named, from the tuple the statement wrote. */
export function pageItemOf(item: ItemTuple): { row: ItemRow; contents: ContentRow[]; loads: ItemLoads } {
  return {
    row: {
      id: item[0],
      order_id: item[1],
      product_id: item[2],
      product_name: item[3],
      stock_code: item[4],
      barcode: item[5],
      quantity_in_box: item[6],
      unit_price: item[7],
      discount: item[8],
      ordered_quantity: item[9],
      quantity: item[10],
      loaded_quantity: item[11],
      status: item[12],
      planned_vehicle_id: item[13],
      planned_plate: item[14],
      planned_brand: item[15],
      planned_model: item[16],
    },
    contents: (item[17] ?? []).map(contentOf),
    loads: { loads: item[18] ?? [], onDelivery: item[19] ?? false, carriers: item[20] ?? [] },
  };
}
