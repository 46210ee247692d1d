import { z } from 'zod';
import { idOf, NOT_A_NUMBER, NOT_A_TEXT, optionalParam, text } from './fields.ts';
import { ChosenLots } from './load-lots.ts';
import type { ItemCallAction } from './order-machines.ts';
import { ActionViewQuery, recordId } from './orders.ts';
import type { ShipmentStatus } from './shipment-machine.ts';

/**
 * Loading an order item onto a shipment and the load acceptance of the shipping staff
 * (docs/domain/loading-and-shipments.md): the requests of the order-item warehouse calls, and what
 * their answers share.
 */

/** The items a request acts on at once: at least one, each once, at most `max`. */
function orderItemIdList(max: number, messages: { none: string; tooMany: string }) {
  return z
    .array(idOf('Geçerli bir sipariş kalemi seçiniz.'))
    .min(1, messages.none)
    .max(max, messages.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, 'Bir kalem listede birden fazla kez geçiyor.');
}

// ---------- loading ----------

/** A stock warehouse as the load form names it: DEPO1…DEPO4, and DEPO{n} for one created later. */
export const STOCK_WAREHOUSE_NAME = /^DEPO[1-9]\d{0,8}$/;

const warehouseName = text(NOT_A_TEXT)
  .trim()
  .transform((value) => value.toLocaleUpperCase('tr-TR'))
  .refine((value) => STOCK_WAREHOUSE_NAME.test(value), 'Geçerli bir depo seçiniz (DEPO1, DEPO2…).');

/** Pieces of the product loaded from one warehouse; a row left at 0 (or empty) loads nothing. */
const loadPieces = z
  .number(NOT_A_NUMBER)
  .int('Miktar tam sayı olmalıdır.')
  .min(0, 'Miktar 0 veya daha büyük olmalıdır.')
  .max(100_000_000, 'Miktar çok büyük.')
  .nullish()
  .transform((value) => value ?? 0);

/**
 * Pieces of the product from one warehouse; `lots` chooses the lots (pieces of each lot's stock item)
 * instead of first-expired-first-out (decision 152).
 */
export const WarehouseStock = z.object({ warehouse: warehouseName, quantity: loadPieces, lots: ChosenLots });
export type WarehouseStock = z.input<typeof WarehouseStock>;

export const NOTHING_TO_LOAD = 'Yüklenecek toplam miktar 0’dan büyük olmalıdır.';

/**
 * `PUT /orders/{o}/order-item/{i}/load?action=LOAD_ITEM_TO_TRUCK`: pieces of the product per stock
 * warehouse onto the shipment `shippingId` (a LOADING one). A warehouse appears once at most.
 */
export const LoadItemBody = z.object({
  shippingId: idOf('Geçerli bir sevkiyat seçiniz.'),
  warehouseStocks: z
    .array(WarehouseStock)
    .min(1, 'En az bir depo satırı gönderilmelidir.')
    .max(100, 'En fazla 100 depo satırı gönderilebilir.')
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (seen.has(row.warehouse)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'warehouse'],
            message: `${row.warehouse} deposu bu istekte birden fazla kez geçiyor.`,
          });
        }
        seen.add(row.warehouse);
        if (row.quantity === 0 && row.lots?.length) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'quantity'],
            message: 'Parti seçilen depo satırında miktar 0’dan büyük olmalıdır.',
          });
        }
      });
      if (rows.every((row) => row.quantity === 0)) {
        ctx.addIssue({ code: 'custom', message: NOTHING_TO_LOAD });
      }
    }),
});
export type LoadItemBody = z.input<typeof LoadItemBody>;

export const LOAD_ITEM_ACTION = 'LOAD_ITEM_TO_TRUCK';

/** `?action=LOAD_ITEM_TO_TRUCK` names the one action of `/load`; it may be left out. */
export const LoadItemQuery = ActionViewQuery.extend({
  action: optionalParam(
    z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum([LOAD_ITEM_ACTION], { error: `Geçersiz yükleme işlemi; beklenen: ${LOAD_ITEM_ACTION}` }),
    ),
  ),
});

/**
 * `GET /orders/{o}/order-item/{i}/warehouse-stocks`: the load form's rows, one per stock warehouse, with
 * the pieces of the item's product its shelves hold (min over the bundle of on hand ÷ line quantity).
 */
export const WarehouseStockFigure = z
  .object({
    warehouseId: z
      .number()
      .int()
      .describe("The stock warehouse's id: a shipment's `fromWarehouseId` when the truck leaves from it."),
    warehouse: z.string().describe("The stock warehouse's name, 'DEPO1': what the load body names."),
    warehouseLabel: z.string().describe("Its name as the screens show it, 'Depo-1'."),
    pieces: z
      .number()
      .int()
      .describe(
        "Pieces of the item's product (its bundle as ordered) the warehouse's stock lines hold now: the least, over the bundle, of on hand ÷ line quantity; 0 when it holds none.",
      ),
  })
  .meta({ id: 'WarehouseStockFigure' });
export type WarehouseStockFigure = z.infer<typeof WarehouseStockFigure>;

/** `PUT /orders/{o}/order-item/{i}/loaded-to-truck/{shipmentId}`. */
export const LoadedToTruckParams = z.object({
  orderId: recordId,
  itemId: recordId,
  shipmentId: idOf('Geçerli bir sevkiyat seçiniz.'),
});

/** `PUT /shipments/load {orderShipmentId, orderItemId}`: the shipping staff accept an item's load. */
export const ShipmentLoadBody = z.object({
  orderShipmentId: idOf('Geçerli bir sevkiyat seçiniz.'),
  orderItemId: idOf('Geçerli bir sipariş kalemi seçiniz.'),
});
export type ShipmentLoadBody = z.input<typeof ShipmentLoadBody>;

/**
 * `PUT /shipments/{id}/accept-loads {orderItemIds}`: 'Tümünü Kabul Et', the shipping staff accept the
 * loads of these items on the shipment at once, in one transaction: one line the item machine refuses
 * (already accepted, reported as not loaded meanwhile, not on this shipment) refuses them all, writing
 * nothing (decision 103). Answers the shipment's content.
 */
export const AcceptShipmentLoadsBody = z.object({
  orderItemIds: orderItemIdList(500, {
    none: 'Kabul edilecek en az bir kalem seçiniz.',
    tooMany: 'Bir istekte en fazla 500 kalem kabul edilebilir.',
  }),
});
export type AcceptShipmentLoadsBody = z.input<typeof AcceptShipmentLoadsBody>;

/**
 * The warehouse steps a clerk may take on several items at once: those that ask for nothing but the
 * item ('Hazırlamaya Başla', 'Hazırlandı, Yüklemeye Geç', 'Yüklemeye Başla'). Loading asks for pieces
 * and a truck per item, finishing and sending back are asked about one by one.
 */
export const BULK_WAREHOUSE_ACTIONS = [
  'PREPARING',
  'PREPARED_WAITING_FOR_LOADING',
  'LOADING',
] as const satisfies readonly ItemCallAction[];
export type BulkWarehouseAction = (typeof BULK_WAREHOUSE_ACTIONS)[number];

/** Items one bulk warehouse step takes at most: more than a page of the warehouse screen shows. */
export const BULK_WAREHOUSE_STEP_LIMIT = 200;

/**
 * `PUT /order-items/warehouse-steps {action, orderItemIds}`: the warehouse staff take one step on the
 * selected items at once, in one transaction: one item the item machine refuses refuses them all,
 * naming it, and nothing is written (decision 142). Answers the changed orders.
 */
export const WarehouseStepsBody = z.object({
  action: z.enum(BULK_WAREHOUSE_ACTIONS, {
    error: `Geçersiz toplu depo işlemi; beklenen: ${BULK_WAREHOUSE_ACTIONS.join(', ')}`,
  }),
  orderItemIds: orderItemIdList(BULK_WAREHOUSE_STEP_LIMIT, {
    none: 'İşlem yapılacak en az bir kalem seçiniz.',
    tooMany: `Bir istekte en fazla ${BULK_WAREHOUSE_STEP_LIMIT} kalem seçilebilir.`,
  }),
});
export type WarehouseStepsBody = z.input<typeof WarehouseStepsBody>;

/**
 * A shipment in one of these has left the warehouse: the loads it carries can no longer be reported as
 * not loaded (the item's `onDelivery`).
 */
export const LEFT_WAREHOUSE_STATUSES: readonly ShipmentStatus[] = [
  'ON_DELIVERY',
  'DELIVERED',
  'RETURNING_TO_WAREHOUSE',
];

// ---------- weight ----------

/** Tons as the weighbridge messages and the dispatch note show them: three decimals, tr-TR. */
const TONS_TEXT = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
export function tonsText(tons: number): string {
  return TONS_TEXT.format(tons);
}
