import { z } from 'zod';
import { LoadedLot } from './load-lots.ts';
import {
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  type OrderContext,
  type OrderItemContext,
  type OrderItemStatus,
  type OrderStatus,
} from './order-machines.ts';
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

const lira = (meaning: string) => z.number().describe(`${meaning}, in Turkish lira with two decimals.`);
const pieces = (meaning: string) => z.number().int().describe(`${meaning}, in pieces.`);
/** A status as `{ name, label }`: the code of one of `names`, and its Turkish label. */
const statusNote = (what: string, names: readonly string[]) =>
  `The ${what} status: \`name\` one of ${names.join(', ')} (docs/domain/orders.md); \`label\` its Turkish name.`;

/** The total at placing (never changes) and the total of what is dealt (docs/domain/money.md). */
export const AmountSummary = z
  .object({
    totalPriceOnTransaction: lira('The total at placing; it never changes'),
    dealtTotalPriceOnTransaction: lira('The total of what is dealt (approved, loaded or delivered)'),
  })
  .meta({ id: 'OrderAmountSummary' });
export type AmountSummary = z.infer<typeof AmountSummary>;

/**
 * Each figure of an order for one meaning (decision 105), in TL at the prices of placing:
 * `ordered` what was asked at placing; `approved` what review approved (null until an item has been
 * reviewed; canceled and waiting items count 0); `delivered` what reached the buyer; `billed` what the
 * buyer's account charges for it (the dealt total, 0 once the order is canceled).
 */
export const OrderAmounts = z
  .object({
    ordered: lira('What was asked at placing'),
    approved: lira('What review approved; canceled and waiting items count 0')
      .nullable()
      .describe('What review approved, in Turkish lira with two decimals; null until an item is reviewed.'),
    delivered: lira('What reached the buyer'),
    billed: lira("What the buyer's account charges: the dealt total, 0 once the order is canceled"),
  })
  .describe('Each figure of the order for one meaning, at the prices of placing.')
  .meta({ id: 'OrderAmounts' });
export type OrderAmounts = z.infer<typeof OrderAmounts>;

/** Pieces of an order item loaded from one stock warehouse onto one shipment. */
export const WarehouseLoad = z
  .object({
    warehouse: z.string().describe("The own stock warehouse's code, `DEPO1`…"),
    warehouseLabel: z.string().describe("The warehouse's name as the screens show it, 'Depo-1'."),
    shipmentId: z.number().int(),
    shipmentCode: z.string(),
    quantity: pieces('Loaded from this warehouse onto this shipment'),
    lots: z
      .array(LoadedLot)
      .describe(
        'The lots those pieces were taken from, by stock item, earliest expiry first (decision 152).',
      ),
  })
  .describe('Pieces of the item loaded from one own stock warehouse onto one shipment.')
  .meta({ id: 'OrderWarehouseLoad' });
export type WarehouseLoad = z.infer<typeof WarehouseLoad>;

/**
 * A shipment that carries (or carried) pieces of an order item, with its vehicle (decision 102): the
 * loads say which truck the goods are on, whatever vehicle was planned.
 */
export const ItemShipment = z
  .object({
    shipmentId: z.number().int(),
    shipmentCode: z.string(),
    shipmentStatus: EnumDescription.describe(
      'The shipment status: `name` its code, `label` its Turkish name.',
    ),
    vehicleId: z.number().int().describe("The shipment's vehicle (an order vehicle, not a milk vehicle)."),
    vehicleDescription: z.string().describe("The vehicle as orders name it: 'plate · brand model'."),
    quantity: pieces('Of the item on this shipment'),
  })
  .describe('A shipment that carries (or carried) pieces of the item, and its vehicle.')
  .meta({ id: 'OrderItemShipment' });
export type ItemShipment = z.infer<typeof ItemShipment>;

const plannedVehicleId = (of: string) =>
  z
    .number()
    .int()
    .nullable()
    .describe(`The vehicle planned to carry ${of} (vehicle planning); null when none is planned.`);
const plannedVehicleDescription = z
  .string()
  .nullable()
  .describe("The planned vehicle as orders name it, 'plate · brand model'; null when none is planned.");

export const OrderItem = z
  .object({
    id: z.number().int().describe('The order item id (not the product id).'),
    productId: z.number().int().describe('The sellable product ordered.'),
    productName: z.string().describe("The product's name at placing."),
    stockCode: z.string().nullable().describe("The product's stock code at placing."),
    barcode: z.string().nullable().describe("The product's barcode at placing."),
    stockHoldingText: z
      .string()
      .describe(
        "The storage forms of the bundle as ordered, e.g. '2 × 1500 Gr Vakumlu Paket'; '' when none.",
      ),
    statusDescription: EnumDescription.describe(statusNote('item', ORDER_ITEM_STATUSES)),
    orderedQuantity: pieces('Ordered at placing'),
    quantity: pieces('Ordered now: the approved pieces after a partial approval'),
    quantityInBox: pieces('In one box of the product'),
    boxQuantity: z.number().int().describe('Whole boxes of `quantity`.'),
    loadedQuantity: pieces('Loaded onto shipments'),
    remainingQuantity: pieces(
      'Still to load: quantity − loaded; 0 once loading is finished or the item is canceled',
    ),
    unitPrice: lira('Price per piece at placing'),
    discount: lira('Discount per piece at placing'),
    netUnitPrice: lira('Unit price − discount per piece, never below 0'),
    approvedQuantity: z
      .number()
      .int()
      .nullable()
      .describe('Pieces review approved: null while the item waits for review, 0 once canceled.'),
    approvedAmount: z
      .number()
      .nullable()
      .describe(
        'The approved pieces at the net unit price, in Turkish lira with two decimals; null while the item waits for review.',
      ),
    plannedShipmentVehicleId: plannedVehicleId('the item'),
    plannedShipmentVehicleDescription: plannedVehicleDescription,
    productContent: z
      .array(
        z.object({
          productItemId: z.number().int().describe('The stockable product item in the bundle.'),
          quantity: pieces('Of the product item in one piece of the product'),
          name: z.string(),
          barcode: z.string(),
        }),
      )
      .describe('The bundle as it was ordered: the product items one piece of the product holds.'),
    warehouseLoads: z
      .array(WarehouseLoad)
      .describe('Pieces loaded, per shipment and stock warehouse (docs/domain/loading-and-shipments.md).'),
    deliveryShipments: z
      .array(ItemShipment)
      .describe('The shipments the item is loaded on, in shipment order; several when it is split.'),
    deliveryVehicleDescription: z
      .string()
      .nullable()
      .describe(
        "The vehicle(s) carrying the item once loaded, 'plate · brand model', several joined by ', '; null before loading.",
      ),
    onDelivery: z
      .boolean()
      .describe('Whether a shipment carrying the item has left (on delivery, delivered or returning).'),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderBuyer = z
  .object({ id: z.number().int(), title: z.string(), code: z.string() })
  .describe('The buyer who placed the order.')
  .meta({ id: 'OrderBuyer' });

export const Order = z
  .object({
    id: z.number().int().describe('The order id, used in the paths (not the order number).'),
    orderNumber: z.number().int().describe('The number the screens show and a search takes.'),
    buyerId: z.number().int(),
    buyer: OrderBuyer,
    buyerRequestReferenceCode: z.string().describe("The buyer's own reference; '' when none."),
    buyerBranch: z
      .number()
      .int()
      .nullable()
      .describe("The delivery branch: one of the buyer's warehouses (its id), or null."),
    buyerBranchDescription: z
      .object({ id: z.number().int(), code: z.string(), title: z.string() })
      .nullable()
      .describe('The delivery branch, or null.'),
    statusDescription: EnumDescription.describe(statusNote('order', ORDER_STATUSES)),
    colorGroup: OrderColor.nullable().describe('The colour label, or null.'),
    colorGroupDescription: EnumDescription.nullable().describe(
      'The colour label: `name` as `colorGroup`, `label` its Turkish name; null without one.',
    ),
    createdAt: z.iso.datetime({ offset: true }).describe("When it was placed, with Istanbul's offset."),
    plannedShipmentDate: z.iso.date().nullable().describe('The planned shipment day (Istanbul), or null.'),
    completedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe("When it was completed, with Istanbul's offset; null until then."),
    amountSummary: AmountSummary,
    amounts: OrderAmounts,
    plannedShipmentVehicleId: plannedVehicleId('the whole order'),
    plannedShipmentVehicleDescription: plannedVehicleDescription,
    estimatedPaletteCount: z
      .number()
      .int()
      .nullable()
      .describe('The palettes the order is estimated to fill; null until estimated.'),
    orderItems: z.array(OrderItem).describe('Its items, by item id.'),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

/** An unpaged list of orders, newest first (decision 113). */
export const OrderList = z.array(Order).meta({ id: 'OrderList' });

/**
 * What an order or item step answers: `[the changed order]` (decisions 57 and 109), whatever screen
 * the call names.
 */
export const ChangedOrder = z
  .array(Order)
  .length(1)
  .describe('The changed order as it is after the step: an array of exactly one order.')
  .meta({ id: 'ChangedOrder' });

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
