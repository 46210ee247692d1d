import { z } from 'zod';
import {
  Buyer,
  BuyerChange,
  BuyerSyncResult,
  BuyerWarehouse,
  PendingBuyer,
  PendingBuyerPage,
} from './buyer-answers.ts';
import { BUYER_LABELS } from './field-labels.ts';
import { emptyAsMissing, idOf, NOT_A_NUMBER, optionalFlag, optionalParam, text } from './fields.ts';
import { versionField } from './record-version.ts';
import { isValidTckn } from './tckn.ts';

/** The approval list's default page size (docs/domain/buyers.md). */
export const PENDING_BUYER_PAGE_SIZE = 20;
export const MAX_PENDING_BUYER_PAGE_SIZE = 100;

export const INVALID_TCKN = 'Geçersiz T.C. kimlik numarası.';
export const INVALID_VKN = 'Vergi kimlik numarası 10 haneden oluşmalıdır.';
export const INVALID_EMAIL = 'Geçerli bir e-posta adresi giriniz.';
export const INVALID_PHONE = 'Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.';

const required = (max: number) => text().trim().min(1).max(max, `En fazla ${max} karakter girilebilir.`);

/** An optional text: missing, null and blank are all ''. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `En fazla ${max} karakter girilebilir.`)
    .nullish()
    .transform((value) => value ?? '');

const email = optionalText(200).refine(
  (value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  INVALID_EMAIL,
);
const phone = optionalText(30).refine((value) => /^[0-9+()\s-]*$/.test(value), INVALID_PHONE);

/** A number of digits, typed as text or sent as a JSON number; blank means none (null). */
const digits = (check: (value: string) => boolean, message: string) =>
  z
    .union([text().trim(), z.number().int().nonnegative().transform(String)], {
      error: (issue) => (issue.input === undefined ? undefined : 'metin olmalıdır.'),
    })
    .refine((value) => value === '' || check(value), message)
    .nullish()
    .transform((value) => value || null);

/** The buyer's fields (docs/domain/buyers.md): code and title required, the rest optional. */
export const buyerFields = {
  code: required(50),
  title: required(200),
  name: optionalText(100),
  surname: optionalText(100),
  email,
  phone1: phone,
  phone2: phone,
  /** T.C. kimlik no of a sole proprietor: 11 digits with its checksums (checked when given). */
  tckn: digits(isValidTckn, INVALID_TCKN),
  /** Vergi kimlik no of a company: 10 digits (checked when given). */
  vkn: digits((value) => /^\d{10}$/.test(value), INVALID_VKN),
  taxOffice: optionalText(100),
  addressMain: optionalText(500),
  addressSecondary: optionalText(500),
};

// The answers live in buyer-answers.ts; every buyer schema is read from here.
export { Buyer, BuyerChange, BuyerSyncResult, BuyerWarehouse, PendingBuyer, PendingBuyerPage };

const recordId = idOf('Geçerli bir kayıt numarası giriniz.');

export const BuyerIdParams = z.object({ id: recordId });
export type BuyerIdParams = z.infer<typeof BuyerIdParams>;

export const MAX_SHELF_LIFE_DAYS = 3650;

/**
 * Days of shelf life the buyer wants left on goods when they arrive (chains ask for it): loading skips
 * lots expiring sooner (docs/domain/buyers.md, decision 152). Typed as text on the form or sent as a
 * number; blank or null means none.
 */
const shelfLifeDays = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const typed = value.trim();
  return typed === '' ? null : /^\d+$/.test(typed) ? Number(typed) : typed;
}, z
  .number({ error: 'Gün sayısı tam sayı olmalıdır.' })
  .int('Gün sayısı tam sayı olmalıdır.')
  .min(0, 'Gün sayısı 0 veya daha büyük olmalıdır.')
  .max(MAX_SHELF_LIFE_DAYS, `Gün sayısı en fazla ${MAX_SHELF_LIFE_DAYS} olabilir.`)
  .nullable());

export const CreateBuyerBody = z.object({
  ...buyerFields,
  minRemainingShelfLifeDays: shelfLifeDays.optional().transform((value) => value ?? null),
});
export type CreateBuyerBody = z.input<typeof CreateBuyerBody>;
/** Left out, the buyer's minimum remaining shelf life stays as it is; null clears it. */
export const UpdateBuyerBody = z.object({
  id: recordId,
  ...buyerFields,
  minRemainingShelfLifeDays: shelfLifeDays.optional(),
  ...versionField,
});
export type UpdateBuyerBody = z.input<typeof UpdateBuyerBody>;

/** Labels of the buyer fields, for the old → new list of a changed record. */
export const BUYER_FIELD_LABELS = BUYER_LABELS;
export type BuyerField = keyof typeof BUYER_FIELD_LABELS;

/** The tax number column of the grid: a company's VKN, else a sole proprietor's TCKN. */
export function taxNumberOf(buyer: Pick<Buyer, 'vkn' | 'tckn'>): string {
  return buyer.vkn ?? buyer.tckn ?? '';
}

// ---------- sync and approval ----------

/** `?isNew=&page=&size=`; an empty isNew means both kinds. */
export const PendingBuyerQuery = z.object({
  isNew: optionalFlag(),
  page: emptyAsMissing(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.').default(1)),
  size: emptyAsMissing(
    idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.')
      .pipe(
        z
          .number()
          .max(MAX_PENDING_BUYER_PAGE_SIZE, `Sayfa boyutu en fazla ${MAX_PENDING_BUYER_PAGE_SIZE} olabilir.`),
      )
      .default(PENDING_BUYER_PAGE_SIZE),
  ),
});
export type PendingBuyerQuery = z.input<typeof PendingBuyerQuery>;

/**
 * The approval form: title, code and name required; the other fields optional. `id`
 * names the pending record; without it the record is found by code. A field the form leaves out
 * (undefined) takes the ERP's value of the pending record.
 */
export const ApproveBuyerBody = z.object({
  id: recordId.optional(),
  ...buyerFields,
  name: required(100),
  surname: buyerFields.surname.optional(),
  email: buyerFields.email.optional(),
  phone1: buyerFields.phone1.optional(),
  phone2: buyerFields.phone2.optional(),
  tckn: buyerFields.tckn.optional(),
  vkn: buyerFields.vkn.optional(),
  taxOffice: buyerFields.taxOffice.optional(),
  addressMain: buyerFields.addressMain.optional(),
  addressSecondary: buyerFields.addressSecondary.optional(),
});
export type ApproveBuyerBody = z.input<typeof ApproveBuyerBody>;

// ---------- buyer warehouses ----------

const latitude = z
  .number(NOT_A_NUMBER)
  .min(-90, 'Enlem -90 ile 90 arasında olmalıdır.')
  .max(90, 'Enlem -90 ile 90 arasında olmalıdır.')
  .nullish()
  .transform((value) => value ?? null);
const longitude = z
  .number(NOT_A_NUMBER)
  .min(-180, 'Boylam -180 ile 180 arasında olmalıdır.')
  .max(180, 'Boylam -180 ile 180 arasında olmalıdır.')
  .nullish()
  .transform((value) => value ?? null);

const warehouseFields = {
  buyerId: idOf('Müşteri seçiniz.'),
  /** Accepted and ignored: the server copies the chosen buyer's title. */
  buyerTitle: z.unknown().optional(),
  code: required(50),
  title: required(200),
  latitude,
  longitude,
};

type Point = { latitude: number | null; longitude: number | null };
const bothOrNeither = (body: Point, ctx: z.RefinementCtx) => {
  if ((body.latitude === null) !== (body.longitude === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [body.latitude === null ? 'latitude' : 'longitude'],
      message: 'Enlem ve boylam birlikte girilmelidir.',
    });
  }
};

export const CreateBuyerWarehouseBody = z.object(warehouseFields).superRefine(bothOrNeither);
export type CreateBuyerWarehouseBody = z.input<typeof CreateBuyerWarehouseBody>;
/** The id is sent only when present; with it the warehouse is updated. */
export const UpdateBuyerWarehouseBody = z
  .object({ id: recordId, ...warehouseFields, ...versionField })
  .superRefine(bothOrNeither);
export type UpdateBuyerWarehouseBody = z.input<typeof UpdateBuyerWarehouseBody>;

export const BuyerWarehouseQuery = z.object({
  buyerId: optionalParam(idOf('Geçerli bir müşteri numarası giriniz.')),
});
export type BuyerWarehouseQuery = z.input<typeof BuyerWarehouseQuery>;
