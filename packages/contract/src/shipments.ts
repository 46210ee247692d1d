import { z } from 'zod';
import { day, idOf, NOT_A_NUMBER, NOT_A_TEXT, optionalFlag, optionalParam, text } from './fields.ts';
import { SHIPMENT_ACTION_LABELS, ShipmentAction, ShipmentStatus } from './shipment-machine.ts';

/**
 * Shipments: create, edit, list, content, actions, cities (docs/domain/loading-and-shipments.md). The
 * requests are here; the answers are in `shipment-answers.ts`, exported from here too.
 */

// ---------- requests ----------

const shipmentId = idOf('Geçerli bir sevkiyat numarası giriniz.');
export const ShipmentIdParams = z.object({ id: shipmentId });
export type ShipmentIdParams = z.infer<typeof ShipmentIdParams>;

const stopId = (message: string) =>
  z.preprocess((value) => (value === '' ? null : value), idOf(message).nullish());

const shipmentFields = {
  shipmentCode: text(NOT_A_TEXT)
    .trim()
    .min(1, 'Sevkiyat kodu zorunludur.')
    .max(50, 'Sevkiyat kodu en fazla 50 karakter olabilir.')
    .transform((code) => code.toLocaleUpperCase('tr-TR')),
  vehicleId: idOf('Geçerli bir araç seçiniz.'),
  driverId: idOf('Geçerli bir sürücü seçiniz.'),
  /** An own warehouse (`GET /warehouses`). */
  fromWarehouseId: idOf('Geçerli bir çıkış deposu seçiniz.'),
  /** Buyer warehouses (`GET /buyers/warehouses`), optional stops on the way. */
  intermediateWarehouse1Id: stopId('Geçerli bir ara durak seçiniz.').transform((value) => value ?? null),
  intermediateWarehouse2Id: stopId('Geçerli bir ara durak seçiniz.').transform((value) => value ?? null),
  /** A buyer warehouse: where the shipment goes. */
  toWarehouseId: idOf('Geçerli bir varış deposu seçiniz.'),
  description: text(NOT_A_TEXT)
    .trim()
    .max(500, 'Açıklama en fazla 500 karakter olabilir.')
    .nullish()
    .transform((value) => value ?? ''),
  // The screen also sends the chosen warehouses' coordinates; the server reads its own.
};

/** `POST /shipments`: a new shipment, PARKING. Route figures are computed by the server. */
export const CreateShipmentBody = z.object(shipmentFields);
export type CreateShipmentBody = z.input<typeof CreateShipmentBody>;
/** `PUT /shipments`: edits while PARKING or PREPARING_TO_LOAD. */
export const UpdateShipmentBody = z.object({ id: shipmentId, ...shipmentFields });
export type UpdateShipmentBody = z.input<typeof UpdateShipmentBody>;

export const MAX_WEIGHED_TONS = 100;

/** `PUT /shipments/{id}/on-action`: any action by name. */
export const ShipmentActionBody = z
  .object({
    action: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      ShipmentAction,
    ),
    /** COMPLETE_WEIGHT_CHECK: what the weighbridge shows, tons, > 0. */
    loadedWeightInTons: z
      .number(NOT_A_NUMBER)
      .gt(0, 'Tartılan ağırlık sıfırdan büyük olmalıdır.')
      .max(MAX_WEIGHED_TONS, `Tartılan ağırlık en fazla ${MAX_WEIGHED_TONS} ton olabilir.`)
      .refine(
        (value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6,
        'Ağırlık en fazla 3 ondalık basamak (kg) içerebilir.',
      )
      .nullish(),
    /** TRANSFER_TO_ANOTHER: the shipment (LOADING) that takes the loads. */
    targetShipmentId: idOf('Geçerli bir hedef sevkiyat seçiniz.').nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'COMPLETE_WEIGHT_CHECK' && body.loadedWeightInTons == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['loadedWeightInTons'],
        message: `'${SHIPMENT_ACTION_LABELS.COMPLETE_WEIGHT_CHECK}' için tartılan ağırlık (ton) girilmelidir.`,
      });
    }
    if (body.action === 'TRANSFER_TO_ANOTHER' && body.targetShipmentId == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetShipmentId'],
        message: 'Yüklerin aktarılacağı sevkiyat seçilmelidir.',
      });
    }
  });
export type ShipmentActionBody = z.input<typeof ShipmentActionBody>;

/** `GET /shipments/filter-by-status?status=LOADING`. */
export const ShipmentStatusQuery = z.object({ status: ShipmentStatus });

export const MAX_SHIPMENT_PAGE_SIZE = 500;
/** The unpaged list without a date range: open shipments plus those created in this many days. */
export const SHIPMENT_UNPAGED_DAYS = 30;
/**
 * The most shipments an unpaged list (`GET /shipments` without paging, `GET /shipments/filter-by-status`)
 * holds, newest first (decision 149); X-Total-Count and X-Unpaged-Limit say when it was cut (decision 113).
 * No more than a page: a shipment is ~1 kB of JSON, and the server's one thread reads, maps and writes an
 * answer in one go, 2,000 of them in 100–300 ms during which every other user waits (decision 169).
 */
export const SHIPMENT_UNPAGED_LIMIT = MAX_SHIPMENT_PAGE_SIZE;

/**
 * `GET /shipments`: every filter optional, newest first. With `page` or `size` the answer is a
 * `ShipmentPage`; without both it is an array bounded by the date range, or when none is given by the
 * open shipments plus those created in the last SHIPMENT_UNPAGED_DAYS days (docs/decisions/0110-shipment-list-pages-filters-sql-unpaged-bounded.md),
 * and at most SHIPMENT_UNPAGED_LIMIT of them.
 */
export const ShipmentListQuery = z
  .object({
    /** The destination's province, plate code 1…81. */
    cityPlateCode: optionalParam(
      z.preprocess(
        (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
        z
          .number(NOT_A_NUMBER)
          .int('Geçerli bir il seçiniz.')
          .min(1, 'Geçerli bir il seçiniz.')
          .max(81, 'Geçerli bir il seçiniz.'),
      ),
    ),
    status: optionalParam(ShipmentStatus),
    /**
     * Only the shipments carrying a load that waits for the shipping staff's acceptance (an item
     * finished loading, not yet accepted): their work on Ana Sayfa (docs/domain/my-work.md).
     */
    awaitingAcceptance: optionalFlag(),
    /** Created on or after this Istanbul day. */
    from: optionalParam(day({ cutTime: true })),
    /** Created on or before this Istanbul day. */
    to: optionalParam(day({ cutTime: true })),
    vehicleId: optionalParam(idOf('Geçerli bir araç seçiniz.')),
    /** The buyer whose warehouse the shipment goes to. */
    buyerId: optionalParam(idOf('Geçerli bir müşteri seçiniz.')),
    page: optionalParam(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.')),
    size: optionalParam(
      idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.').pipe(
        z.number().max(MAX_SHIPMENT_PAGE_SIZE, `Sayfa boyutu en fazla ${MAX_SHIPMENT_PAGE_SIZE} olabilir.`),
      ),
    ),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Bitiş tarihi başlangıç tarihinden önce olamaz.',
      });
    }
  });
export type ShipmentListQuery = z.input<typeof ShipmentListQuery>;

// ---------- answers ----------

export {
  City,
  RouteStop,
  Shipment,
  ShipmentContent,
  ShipmentContentLine,
  ShipmentList,
  ShipmentLot,
  ShipmentPage,
  STOP_KINDS,
  type StopKind,
  shipmentContextOf,
} from './shipment-answers.ts';
