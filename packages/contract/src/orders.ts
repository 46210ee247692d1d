import { z } from 'zod';
import { DAY_OUT_OF_RANGE, idOf, isWithinDays, NOT_A_TEXT, optionalParam, text } from './fields.ts';
import { isIsoDate, istanbulDate } from './istanbul-time.ts';
import { OrderColor } from './order-answers.ts';
import {
  CANCELED_ORDER_STATUSES,
  type CanceledOrderStatus,
  ItemCallAction,
  OrderAction,
} from './order-machines.ts';

/** The order calls' requests; their answers are in order-answers.ts, re-exported here. */
export {
  AmountSummary,
  ItemShipment,
  itemContextOf,
  ORDER_COLOR_LABELS,
  Order,
  OrderAmounts,
  OrderBuyer,
  OrderColor,
  OrderItem,
  OrderList,
  orderContextOf,
  orderStatusOf,
  WarehouseLoad,
} from './order-answers.ts';

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
