import { z } from 'zod';
import type { OrderContext, OrderItemContext, OrderItemStatus, OrderStatus } from './order-machines.ts';
import { EnumDescription } from './products.ts';

/** What the order calls answer: an order with its items, figures, loads and shipments. */

// ---------- colour labels ----------

export const ORDER_COLOR_LABELS = {
  red: 'Kırmızı',
  yellow: 'Sarı',
  blue: 'Mavi',
  purple: 'Mor',
  gray: 'Gri',
} as const;
export type OrderColor = keyof typeof ORDER_COLOR_LABELS;
export const OrderColor = z.enum(Object.keys(ORDER_COLOR_LABELS) as [OrderColor, ...OrderColor[]], {
  error: `Geçersiz renk etiketi; beklenen: ${Object.keys(ORDER_COLOR_LABELS).join(', ')}`,
});

// ---------- answers ----------

/** The total at placing (never changes) and the total of what is dealt (docs/domain/money.md). */
export const AmountSummary = z.object({
  totalPriceOnTransaction: z.number(),
  dealtTotalPriceOnTransaction: z.number(),
});
export type AmountSummary = z.infer<typeof AmountSummary>;

/**
 * Each figure of an order for one meaning (decision 105), in TL at the prices of placing:
 * `ordered` what was asked at placing; `approved` what review approved (null until an item has been
 * reviewed; canceled and waiting items count 0); `delivered` what reached the buyer; `billed` what the
 * buyer's account charges for it (the dealt total, 0 once the order is canceled).
 */
export const OrderAmounts = z.object({
  ordered: z.number(),
  approved: z.number().nullable(),
  delivered: z.number(),
  billed: z.number(),
});
export type OrderAmounts = z.infer<typeof OrderAmounts>;

/** Pieces of an order item loaded from one stock warehouse onto one shipment. */
export const WarehouseLoad = z.object({
  /** The stock warehouse's code, DEPO1… */
  warehouse: z.string(),
  /** Its name as the screens show it, 'Depo-1'. */
  warehouseLabel: z.string(),
  shipmentId: z.number().int(),
  shipmentCode: z.string(),
  quantity: z.number().int(),
});
export type WarehouseLoad = z.infer<typeof WarehouseLoad>;

/**
 * A shipment that carries (or carried) pieces of an order item, with its vehicle (decision 102): the
 * loads say which truck the goods are on, whatever vehicle was planned.
 */
export const ItemShipment = z.object({
  shipmentId: z.number().int(),
  shipmentCode: z.string(),
  shipmentStatus: EnumDescription,
  vehicleId: z.number().int(),
  /** 'plate · brand model' */
  vehicleDescription: z.string(),
  /** Pieces of the item on this shipment. */
  quantity: z.number().int(),
});
export type ItemShipment = z.infer<typeof ItemShipment>;

export const OrderItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  stockCode: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The bundle's storage forms, e.g. '1500 Gr Vakumlu Paket'. */
  stockHoldingText: z.string(),
  statusDescription: EnumDescription,
  /** Pieces ordered at placing. */
  orderedQuantity: z.number().int(),
  /** Pieces ordered now: the approved pieces after a partial approval. */
  quantity: z.number().int(),
  /** Pieces per box of the product. */
  quantityInBox: z.number().int(),
  /** Whole boxes of `quantity`. */
  boxQuantity: z.number().int(),
  loadedQuantity: z.number().int(),
  /** Pieces still to load: quantity − loaded. */
  remainingQuantity: z.number().int(),
  /** Price snapshot at placing, TL per piece; net = unit price − discount, never below 0. */
  unitPrice: z.number(),
  discount: z.number(),
  netUnitPrice: z.number(),
  /**
   * Pieces review approved: null while the item waits for review, 0 once canceled (decision 105);
   * `approvedAmount` is those pieces at the net unit price.
   */
  approvedQuantity: z.number().int().nullable(),
  approvedAmount: z.number().nullable(),
  /** Vehicle planning (docs/domain/orders.md): the vehicle meant to carry the item, 'plate · brand model'. */
  plannedShipmentVehicleId: z.number().int().nullable(),
  plannedShipmentVehicleDescription: z.string().nullable(),
  productContent: z.array(
    z.object({
      productItemId: z.number().int(),
      quantity: z.number().int(),
      name: z.string(),
      barcode: z.string(),
    }),
  ),
  /** Pieces loaded, per shipment and stock warehouse (docs/domain/loading-and-shipments.md). */
  warehouseLoads: z.array(WarehouseLoad),
  /** The shipments the item is loaded on, in shipment order; several when it is split. */
  deliveryShipments: z.array(ItemShipment),
  /**
   * The vehicle(s) carrying the item once loaded, 'plate · brand model', several joined by ', ' when it
   * is split over trucks; null before loading. The planned vehicle stays in `plannedShipmentVehicle…`.
   */
  deliveryVehicleDescription: z.string().nullable(),
  /** Whether a shipment carrying the item has left (on delivery, delivered or returning). */
  onDelivery: z.boolean(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderBuyer = z.object({ id: z.number().int(), title: z.string(), code: z.string() });

export const Order = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  buyerId: z.number().int(),
  buyer: OrderBuyer,
  buyerRequestReferenceCode: z.string(),
  /** The delivery branch: one of the buyer's warehouses (id), or null. */
  buyerBranch: z.number().int().nullable(),
  buyerBranchDescription: z.object({ id: z.number().int(), code: z.string(), title: z.string() }).nullable(),
  statusDescription: EnumDescription,
  colorGroup: OrderColor.nullable(),
  colorGroupDescription: EnumDescription.nullable(),
  /** ISO-8601 with Istanbul's offset. */
  createdAt: z.string(),
  /** ISO day 'YYYY-MM-DD'. */
  plannedShipmentDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  amountSummary: AmountSummary,
  amounts: OrderAmounts,
  /** Vehicle planning (docs/domain/orders.md): the vehicle planned for the whole order, and its palettes. */
  plannedShipmentVehicleId: z.number().int().nullable(),
  plannedShipmentVehicleDescription: z.string().nullable(),
  estimatedPaletteCount: z.number().int().nullable(),
  orderItems: z.array(OrderItem),
});
export type Order = z.infer<typeof Order>;

export const OrderList = z.array(Order);

export function orderStatusOf(order: Pick<Order, 'statusDescription'>): OrderStatus {
  return order.statusDescription.name as OrderStatus;
}

/** The guards' facts of an order as the API answers it. */
export function orderContextOf(order: {
  orderItems: readonly { statusDescription: { name: string }; loadedQuantity: number }[];
}): OrderContext {
  return {
    itemStatuses: order.orderItems.map((item) => item.statusDescription.name as OrderItemStatus),
    loadedQuantity: order.orderItems.reduce((sum, item) => sum + item.loadedQuantity, 0),
  };
}

/** The guards' facts of one item of an order as the API answers it. */
export function itemContextOf(
  order: { statusDescription: { name: string } },
  item: {
    orderedQuantity: number;
    quantity: number;
    quantityInBox: number;
    loadedQuantity: number;
    onDelivery?: boolean;
  },
): OrderItemContext {
  return {
    orderStatus: order.statusDescription.name as OrderStatus,
    orderedQuantity: item.orderedQuantity,
    quantity: item.quantity,
    quantityInBox: item.quantityInBox,
    loadedQuantity: item.loadedQuantity,
    onDelivery: item.onDelivery ?? false,
  };
}
