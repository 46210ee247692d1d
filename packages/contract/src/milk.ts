import { z } from 'zod';
import {
  DAY_OUT_OF_RANGE,
  day,
  idOf,
  isWithinDays,
  NOT_A_NUMBER,
  optionalParam,
  optionalText,
  text,
} from './fields.ts';
import { parseDateTime } from './istanbul-time.ts';
import { GENDERS, Gender, optionalDateOfBirth, optionalGender, optionalTckn } from './people.ts';
import { purchaseNotBeforeProduction, vehicleYear } from './vehicle-fields.ts';

/** The three milks a dairy collects, in the order the screens show them. */
export const MILK_TYPES = { COW: 'İnek Sütü', SHEEP: 'Koyun Sütü', GOAT: 'Keçi Sütü' } as const;
export type MilkType = keyof typeof MILK_TYPES;

/** A road tanker holds some 30 000 L; the bounds only keep typing mistakes out of the figures. */
export const MAX_LITRES = 100_000;
export const MAX_TANKER_COUNT = 20;
/** The longest range the figures are computed for, so a typo in a year cannot ask for a century. */
export const MAX_SUMMARY_DAYS = 366;

export const MILK_DRIVER_NAME_REQUIRED = 'Ad ve soyad zorunludur.';
/** The answers of the milk operations. */
export {
  MilkDelivery,
  MilkDeliveryPage,
  MilkDriver,
  MilkSummary,
  MilkVehicle,
  MilkVolumes,
} from './milk-answers.ts';

import { versionField } from './record-version.ts';

export { GENDERS, Gender };

/** totalVolume of a milk vehicle; the database computes the same product as a generated column. */
export function milkVehicleTotalVolume(tankerCount: number | undefined, perUnit: number | undefined): number {
  return Math.round((tankerCount || 0) * (perUnit || 0) * 10) / 10;
}

/** Whether a driver lacks a name or a surname once blanks are trimmed away (docs/domain/milk.md). */
export function isMilkDriverNameBlank(body: { name?: string | null; surname?: string | null }): boolean {
  return !body.name?.trim() || !body.surname?.trim();
}

const hasOneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-7;

/** Litres: a JSON number ≥ 0 with at most one decimal; missing or null counts as 0 (docs/domain/milk.md). */

const litres = z
  .number(NOT_A_NUMBER)
  .min(0, 'Hacim negatif olamaz.')
  .max(MAX_LITRES, `Hacim en fazla ${MAX_LITRES} litre olabilir.`)
  .refine(hasOneDecimal, 'Hacim en fazla bir ondalık basamakla girilmelidir (ör. 1250,5).')
  .nullish()
  .transform((value) => Math.round((value ?? 0) * 10) / 10);

const year = vehicleYear(() => null);

const entityId = idOf('Geçerli bir kayıt numarası giriniz.');

/** A path parameter such as /vehicles/{id}. */
export const MilkIdParams = z.object({ id: entityId });

// ---------- milk vehicles ----------

const milkVehicleFields = {
  // Plates are written upper case with single spaces ('34 ABC 123'); uniqueness ignores the spaces.
  licencePlateCode: text()
    .trim()
    .min(1)
    .max(20, 'Plaka en fazla 20 karakter olabilir.')
    .transform((plate) => plate.replace(/\s+/g, ' ').toLocaleUpperCase('tr-TR')),
  brand: optionalText(50),
  model: optionalText(50),
  productionYear: year,
  yearOfPurchase: year,
  tankerCount: z
    .number(NOT_A_NUMBER)
    .int('Tank sayısı tam sayı olmalıdır.')
    .min(0, 'Tank sayısı negatif olamaz.')
    .max(MAX_TANKER_COUNT, `Tank sayısı en fazla ${MAX_TANKER_COUNT} olabilir.`)
    .nullish()
    .transform((value) => value ?? 0),
  tankerVolumePerUnit: litres,
  /** Accepted and ignored: the server always computes tankerCount × tankerVolumePerUnit. */
  totalVolume: z.unknown().optional(),
};

export const CreateMilkVehicleBody = z.object(milkVehicleFields).superRefine(purchaseNotBeforeProduction);
export type CreateMilkVehicleBody = z.input<typeof CreateMilkVehicleBody>;
export const UpdateMilkVehicleBody = z
  .object({ id: entityId, ...milkVehicleFields, ...versionField })
  .superRefine(purchaseNotBeforeProduction);
export type UpdateMilkVehicleBody = z.input<typeof UpdateMilkVehicleBody>;

// ---------- milk vehicle drivers ----------

const milkDriverFields = {
  name: optionalText(100),
  surname: optionalText(100),
  gender: optionalGender(),
  dateOfBirth: optionalDateOfBirth(),
  phone: optionalText(30).refine(
    (value) => /^[0-9+()\s-]*$/.test(value),
    'Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.',
  ),
  tckn: optionalTckn(),
};

export const CreateMilkDriverBody = z.object(milkDriverFields);
export type CreateMilkDriverBody = z.input<typeof CreateMilkDriverBody>;
export const UpdateMilkDriverBody = z.object({ id: entityId, ...milkDriverFields, ...versionField });
export type UpdateMilkDriverBody = z.input<typeof UpdateMilkDriverBody>;

// ---------- milk deliveries ----------

const milkDeliveryFields = {
  milkVehicleId: idOf('Süt aracı seçiniz.'),
  milkVehicleDriverId: idOf('Şoför seçiniz.'),
  deliveredCowMilkVolume: litres,
  deliveredSheepMilkVolume: litres,
  deliveredGoatMilkVolume: litres,
  /** ISO-8601; without an offset it is Istanbul time. Missing means now. */
  deliveryDateTime: text()
    .refine(
      (value) => parseDateTime(value) !== undefined,
      'Geçerli bir tarih ve saat giriniz (ör. 2025-03-01T06:30).',
    )
    .refine((value) => isWithinDays(parseDateTime(value)?.toISOString() ?? ''), DAY_OUT_OF_RANGE)
    .transform((value) => parseDateTime(value)!)
    .nullish(),
};

export const CreateMilkDeliveryBody = z.object(milkDeliveryFields);
export type CreateMilkDeliveryBody = z.input<typeof CreateMilkDeliveryBody>;
export const UpdateMilkDeliveryBody = z.object({ id: entityId, ...milkDeliveryFields });
export type UpdateMilkDeliveryBody = z.input<typeof UpdateMilkDeliveryBody>;

const isoDate = day();

const rangeFilters = {
  /** First Istanbul day included, 'YYYY-MM-DD'. */
  from: optionalParam(isoDate),
  /** Last Istanbul day included, 'YYYY-MM-DD'. */
  to: optionalParam(isoDate),
  milkVehicleId: optionalParam(idOf('Geçerli bir süt aracı numarası giriniz.')),
  milkVehicleDriverId: optionalParam(idOf('Geçerli bir şoför numarası giriniz.')),
};

type Range = { from?: string | undefined; to?: string | undefined };
const toNotBeforeFrom = (query: Range, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.to < query.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Bitiş tarihi başlangıç tarihinden önce olamaz.' });
  }
};

/**
 * Decision 111: the days an unpaged delivery list covers when `from` is not given: the last 30 days up
 * to `to` (today when not given), named in the `X-Default-Range` header of the answer.
 */
export const MILK_DELIVERIES_DEFAULT_DAYS = 30;
/**
 * The most deliveries an unpaged answer holds, newest first, whatever range was asked (decision 149);
 * the X-Total-Count and X-Unpaged-Limit headers say when it was cut (decision 113).
 */
export const MILK_DELIVERIES_UNPAGED_LIMIT = 2_000;

export const MilkDeliveryQuery = z
  .object({
    ...rangeFilters,
    /**
     * With `page` or `size`, one page of the range (every day when no range is given); without them an
     * array of the range, whose missing `from` is MILK_DELIVERIES_DEFAULT_DAYS before `to`, at most
     * MILK_DELIVERIES_UNPAGED_LIMIT of its newest deliveries.
     */
    page: optionalParam(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.')),
    size: optionalParam(
      idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.').pipe(
        z.number().max(500, 'Sayfa boyutu en fazla 500 olabilir.'),
      ),
    ),
  })
  .superRefine(toNotBeforeFrom);
export type MilkDeliveryQuery = z.input<typeof MilkDeliveryQuery>;

// ---------- figures ----------

export const MilkSummaryQuery = z.object(rangeFilters).superRefine((query, ctx) => {
  toNotBeforeFrom(query, ctx);
  if (query.from && query.to) {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days > MAX_SUMMARY_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Tarih aralığı en fazla ${MAX_SUMMARY_DAYS} gün olabilir.`,
      });
    }
  }
});
export type MilkSummaryQuery = z.input<typeof MilkSummaryQuery>;
