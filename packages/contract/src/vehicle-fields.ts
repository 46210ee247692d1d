import { z } from 'zod';
import { NOT_A_NUMBER } from './fields.ts';

/** The vehicle fields the milk and the order-fleet vehicles share. */

/** A production or purchase year from 1950 to next year; a missing one becomes `whenMissing()`. */
export const vehicleYear = <T>(whenMissing: () => T) =>
  z
    .number(NOT_A_NUMBER)
    .int('Yıl tam sayı olmalıdır.')
    .min(1950, 'Geçerli bir yıl giriniz.')
    .refine((value) => value <= new Date().getFullYear() + 1, 'Yıl gelecekte olamaz.')
    .nullish()
    .transform((value) => value ?? whenMissing());

type YearPair = { productionYear: number | null; yearOfPurchase: number | null };

/** `.superRefine()` of a vehicle body: it cannot be bought before it was made. */
export const purchaseNotBeforeProduction = (body: YearPair, ctx: z.RefinementCtx) => {
  if (
    body.productionYear !== null &&
    body.yearOfPurchase !== null &&
    body.yearOfPurchase < body.productionYear
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['yearOfPurchase'],
      message: 'Satın alma yılı üretim yılından önce olamaz.',
    });
  }
};
