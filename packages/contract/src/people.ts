import { z } from 'zod';
import { NOT_A_TEXT, text } from './fields.ts';
import { isIsoDate } from './istanbul-time.ts';
import { isValidTckn } from './tckn.ts';

/** The person fields the milk and the order-fleet drivers share. */

export const GENDERS = ['Erkek', 'Kadın'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

/** 'Erkek', 'Kadın', or left empty: '' and a missing value are both stored as null. */
export const optionalGender = () =>
  z
    .union([Gender, z.literal('')], { error: "Cinsiyet 'Erkek' veya 'Kadın' olmalıdır." })
    .nullish()
    .transform((value) => value || null);

/** 'YYYY-MM-DD' between 1900 and today, or empty (null). */
export const optionalDateOfBirth = () =>
  text(NOT_A_TEXT)
    .trim()
    // The screen may send a date-time; only its date is kept.
    .transform((value) => value.slice(0, 10))
    .refine((value) => value === '' || isIsoDate(value), 'Geçerli bir tarih giriniz (YYYY-AA-GG).')
    .refine(
      (value) => value === '' || (value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10)),
      'Doğum tarihi gelecekte veya 1900 öncesinde olamaz.',
    )
    .nullish()
    .transform((value) => value || null);

/** A T.C. kimlik number, as text or as a number, or empty (null). */
export const optionalTckn = () =>
  z
    .union([text().trim(), z.number().int().transform(String)], NOT_A_TEXT)
    .refine((value) => value === '' || isValidTckn(value), 'Geçersiz T.C. kimlik numarası.')
    .nullish()
    .transform((value) => value || null);
