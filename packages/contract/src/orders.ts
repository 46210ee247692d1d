import { z } from 'zod';
import { DAY_OUT_OF_RANGE, idOf, isWithinDays, NOT_A_TEXT, optionalParam, text } from './fields.ts';
import { isIsoDate, istanbulDate } from './istanbul-time.ts';
import {
  CANCELED_ORDER_STATUSES,
  type CanceledOrderStatus,
  ItemCallAction,
  OrderAction,
  type OrderContext,
  type OrderItemContext,
  type OrderItemStatus,
  type OrderStatus,
} from './order-machines.ts';
import { EnumDescription } from './products.ts';

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

// ---------- request fields ----------

export const recordId = idOf('Geçerli bir kayıt numarası giriniz.');
export const buyerId = idOf('Geçerli bir müşteri seçiniz.');

const DAY_MESSAGE = 'Geçerli bir tarih giriniz (GG-AA-YYYY).';
/**
 * A day as the order modal shows it ('25-12-2026') or as ISO ('2026-12-25'); answered as ISO.
 * A date-time sent with it keeps only its day.
 */
export const shipmentDay = text(NOT_A_TEXT)
  .trim()
  .transform((text, ctx) => {
    const shown = /^(\d{2})[-./](\d{2})[-./](\d{4})$/.exec(text);
    const iso = shown ? `${shown[3]}-${shown[2]}-${shown[1]}` : text.slice(0, 10);
    if (!isIsoDate(iso) || (!shown && !/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text))) {
      ctx.addIssue({ code: 'custom', message: DAY_MESSAGE });
      return z.NEVER;
    }
    return iso;
  })
  .refine(isWithinDays, DAY_OUT_OF_RANGE);

export const PAST_SHIPMENT_DAY_MESSAGE = 'Planlanan sevkiyat tarihi geçmiş bir gün olamaz.';
/** Whether an ISO day is before today in Istanbul. */
export function isPastDay(day: string, now: Date = new Date()): boolean {
  return day < istanbulDate(now);
}
const futureShipmentDay = shipmentDay.refine((day) => !isPastDay(day), PAST_SHIPMENT_DAY_MESSAGE);

const referenceCode = text(NOT_A_TEXT)
  .trim()
  .max(100, 'Referans kodu en fazla 100 karakter olabilir.')
  .nullish()
  .transform((value) => value ?? '');

const branch = z.preprocess(
  (value) => (value === '' ? null : value),
  idOf('Geçerli bir teslimat şubesi seçiniz.').nullish(),
);

export const PLANNED_DAY_REQUIRED_MESSAGE = 'Planlanan sevkiyat tarihi zorunludur.';
export const BRANCH_REQUIRED_MESSAGE =
  'Teslimat şubesi zorunludur: müşterinin teslimat depolarından birini seçiniz.';

/**
 * `POST /admin/baskets/apply-to-order`: the basket of the buyer becomes an order (decision 99). The
 * planned day is required (today or later, an Istanbul day); the branch is required when the buyer has
 * delivery warehouses, which only the server knows (it answers 400 on `buyerBranch`); the colour is
 * optional (decision 102).
 */
export const ApplyToOrderBody = z.object({
  buyerId,
  buyerRequestReferenceCode: referenceCode,
  /** One of the buyer's warehouses (id); required when the buyer has any. */
  buyerBranch: branch.transform((value) => value ?? null),
  // An empty or null day is a missing one, said in a sentence the form shows as it is.
  plannedShipmentDate: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: (issue) => (issue.input === undefined ? PLANNED_DAY_REQUIRED_MESSAGE : undefined) })
      .pipe(futureShipmentDay),
  ),
  colorGroup: OrderColor.nullish().transform((value) => value ?? null),
});
export type ApplyToOrderBody = z.input<typeof ApplyToOrderBody>;

export const ORDER_CANCEL_STATUSES = CANCELED_ORDER_STATUSES as [
  CanceledOrderStatus,
  ...CanceledOrderStatus[],
];

/**
 * `PUT /orders`: the header of an open order (reference code, branch, planned day, colour), and ending it
 * with CANCELED_BY_SELLER / CANCELED_BY_BUYER while nothing is loaded. A field left out stays as it is.
 */
export const UpdateOrderBody = z.object({
  id: recordId,
  buyerRequestReferenceCode: referenceCode.optional(),
  buyerBranch: branch,
  /** A changed day may not be in the past; an unchanged one is kept as it is. */
  plannedShipmentDate: shipmentDay.nullish(),
  colorGroup: OrderColor.nullish(),
  status: z
    .enum(ORDER_CANCEL_STATUSES, {
      error: `Sipariş bu istekle yalnızca iptal edilebilir; beklenen: ${ORDER_CANCEL_STATUSES.join(', ')}`,
    })
    .optional(),
});
export type UpdateOrderBody = z.input<typeof UpdateOrderBody>;

export const OrderIdParams = z.object({ orderId: recordId });
export const OrderItemParams = z.object({ orderId: recordId, itemId: recordId });
export type OrderItemParams = z.infer<typeof OrderItemParams>;

/** Which screen's orders: order review, warehouse operations, shipping (docs/domain/orders.md). */
export const OPERATION_TYPE_LABELS = {
  REVIEW: 'Sipariş inceleme',
  WAREHOUSE: 'Depo operasyonu',
  SHIPPING: 'Sevkiyat',
} as const;
export type OperationType = keyof typeof OPERATION_TYPE_LABELS;
export const OperationType = z.enum(
  Object.keys(OPERATION_TYPE_LABELS) as [OperationType, ...OperationType[]],
  { error: `Geçersiz işlem türü; beklenen: ${Object.keys(OPERATION_TYPE_LABELS).join(', ')}` },
);
const optionalOperationType = z.preprocess(
  (value) => (value === '' ? undefined : value),
  OperationType.optional(),
);

/**
 * Item and order action calls may name the screen they come from; they answer `[the changed order]`
 * whatever it is (decision 109), so the name is checked and otherwise unused.
 */
export const ActionViewQuery = z.object({ operationType: optionalOperationType });

/** `PUT /orders/{o}/order-item/{i}?action=…[&quantity=n]`; quantity is pieces, for a partial approval. */
export const OrderItemActionQuery = z.object({
  action: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    ItemCallAction,
  ),
  quantity: optionalParam(idOf('Miktar 1 veya daha büyük bir tam sayı olmalıdır.')),
  operationType: optionalOperationType,
});
export type OrderItemActionQuery = z.input<typeof OrderItemActionQuery>;

/** `PUT /order-action/{action}?id=`. */
export const OrderActionParams = z.object({
  action: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    OrderAction,
  ),
});
export const OrderActionQuery = z.object({ id: recordId, operationType: optionalOperationType });

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
