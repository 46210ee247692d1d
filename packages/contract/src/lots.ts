import { z } from 'zod';
import { day, idOf, text } from './fields.ts';
import { istanbulDate } from './istanbul-time.ts';

/**
 * Lots (partiler): an item's batch, named by the code printed on its package, with its expiry date (SKT,
 * or TETT for best-before) and optionally its production date (docs/domain/stock.md, decision 151).
 */

/** How the undated lot is shown: the stock from before lots, and goods received without one. */
export const UNDATED_LOT_LABEL = 'SKT yok';
/** Lots expiring within this many days are shown on the work cards, unless the server is told otherwise. */
export const EXPIRY_WARNING_DAYS = 7;

/** Today in Istanbul, 'YYYY-MM-DD': a lot is expired once its expiry date is before today. */
export const todayInIstanbul = (now: Date = new Date()) => istanbulDate(now);

/** Whether a lot's expiry date has passed on `today`; the undated lot never expires. */
export const isExpired = (expiryDate: string | null, today: string = todayInIstanbul()) =>
  expiryDate !== null && expiryDate < today;

export const LOT_CODE_MAX = 60;
export const EXPIRED_LOT_ONLY_AS_RETURN =
  'Son kullanma tarihi geçmiş bir parti yalnızca İade Girişi ile alınabilir.';

/** A lot as goods-in names it: the printed code and its dates, days as 'YYYY-MM-DD'. */
export const LotInput = z
  .object({
    code: text({ error: 'Parti kodu giriniz.' })
      .trim()
      .min(1, 'Parti kodu giriniz.')
      .max(LOT_CODE_MAX, `Parti kodu en fazla ${LOT_CODE_MAX} karakter olabilir.`),
    expiryDate: day(),
    productionDate: day().nullish(),
  })
  .superRefine((lot, ctx) => {
    if (lot.productionDate && lot.productionDate > lot.expiryDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['productionDate'],
        message: 'Üretim tarihi son kullanma tarihinden sonra olamaz.',
      });
    }
  })
  .meta({ id: 'LotInput', description: 'The lot of a goods-in line: its printed code and dates.' });
export type LotInput = z.input<typeof LotInput>;

export const lotIdField = idOf('Geçerli bir parti numarası giriniz.');

/** A lot as the answers name it. */
export const LotRef = z
  .object({
    id: z.number().int(),
    code: text().describe("The printed code; '' for the undated lot."),
    expiryDate: z.string().nullable().describe("'YYYY-MM-DD'; null for the undated lot ('SKT yok')."),
    productionDate: z.string().nullable(),
  })
  .meta({ id: 'LotRef', description: 'A lot: its code and dates.' });
export type LotRef = z.infer<typeof LotRef>;

/** A lot's day ('YYYY-MM-DD') as messages show it: GG.AA.YYYY. */
export const shownLotDay = (isoDay: string) => isoDay.split('-').reverse().join('.');

/** How a lot is named on screen and in messages: its code and expiry date, or 'SKT yok'. */
export function lotLabel(lot: { code: string; expiryDate: string | null }): string {
  if (lot.expiryDate === null) return UNDATED_LOT_LABEL;
  return `${lot.code} (SKT ${shownLotDay(lot.expiryDate)})`;
}
