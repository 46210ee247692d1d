import { z } from 'zod';
import { NOT_A_NUMBER } from './fields.ts';
import { lotIdField } from './lots.ts';

/**
 * Lots at loading (docs/domain/loading-and-shipments.md, "Lots at loading"; decision 152): the lots a
 * clerk may choose instead of first-expired-first-out, the lots a load took, and the load form's plan
 * of what FEFO would take.
 */

/** How many lots one warehouse row of a load may name. */
export const MAX_CHOSEN_LOTS = 50;

/** Pieces of one lot's stock item (not of the ordered product) a load takes from it. */
export const ChosenLot = z.object({
  lotId: lotIdField,
  quantity: z
    .number(NOT_A_NUMBER)
    .int('Miktar tam sayı olmalıdır.')
    .min(1, 'Partiden alınacak miktar 1 veya daha büyük olmalıdır.')
    .max(100_000_000, 'Miktar çok büyük.'),
});
export type ChosenLot = z.input<typeof ChosenLot>;

/** A warehouse row's chosen lots, each lot once; left out (or empty), the row is taken FEFO. */
export const ChosenLots = z
  .array(ChosenLot)
  .max(MAX_CHOSEN_LOTS, `Bir depo satırında en fazla ${MAX_CHOSEN_LOTS} parti seçilebilir.`)
  .superRefine((lots, ctx) => {
    const seen = new Set<number>();
    lots.forEach((lot, index) => {
      if (seen.has(lot.lotId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'lotId'],
          message: 'Bir parti aynı depo satırında birden fazla kez seçilmiş.',
        });
      }
      seen.add(lot.lotId);
    });
  })
  .optional();

const lotFields = {
  lotId: z.number().int(),
  productItemId: z.number().int().describe("The lot's stock item (a product item of the bundle)."),
  code: z.string().describe("The printed code; '' for the undated lot ('SKT yok')."),
  expiryDate: z.iso.date().nullable().describe("'YYYY-MM-DD'; null for the undated lot."),
};

/** Pieces of one lot a load took. */
export const LoadedLot = z
  .object({
    ...lotFields,
    pieces: z.number().int().describe("Pieces of the lot's stock item taken (not pieces of the product)."),
  })
  .describe('Pieces of one lot taken by the load.')
  .meta({ id: 'LoadedLot' });
export type LoadedLot = z.infer<typeof LoadedLot>;

// ---------- the load form's plan ----------

/** Why a lot on the shelf may not be loaded for this order. */
export const LOT_FITNESS = ['FIT', 'EXPIRED', 'TOO_SHORT'] as const;
export type LotFitness = (typeof LOT_FITNESS)[number];
export const LOT_FITNESS_LABELS: Record<LotFitness, string> = {
  FIT: 'Yüklenebilir',
  EXPIRED: 'Süresi geçmiş',
  TOO_SHORT: 'Raf ömrü yetersiz',
};

/** `?warehouse=DEPO1&quantity=12`: the pieces of the product the clerk means to load from it. */
export const LotPlanQuery = z.object({
  warehouse: z
    .string({ error: 'Depo seçiniz.' })
    .trim()
    .transform((value) => value.toLocaleUpperCase('tr-TR'))
    .refine((value) => /^DEPO[1-9]\d{0,8}$/.test(value), 'Geçerli bir depo seçiniz (DEPO1, DEPO2…).'),
  quantity: z.coerce
    .number(NOT_A_NUMBER)
    .int('Miktar tam sayı olmalıdır.')
    .min(0, 'Miktar 0 veya daha büyük olmalıdır.')
    .max(100_000_000, 'Miktar çok büyük.')
    .default(0),
});
export type LotPlanQuery = z.input<typeof LotPlanQuery>;

export const PlannedLot = z
  .object({
    ...lotFields,
    productionDate: z.iso.date().nullable(),
    onHand: z.number().int().describe('Pieces of the lot on the warehouse shelf now.'),
    take: z.number().int().describe('Pieces FEFO would take from it for the asked quantity; 0 when none.'),
    fitness: z
      .enum(LOT_FITNESS)
      .describe(
        "FIT, EXPIRED (its expiry date has passed) or TOO_SHORT (it expires before the buyer's minimum remaining shelf life allows): only FIT lots are loaded.",
      ),
  })
  .meta({ id: 'PlannedLot' });
export type PlannedLot = z.infer<typeof PlannedLot>;

export const LotPlanItem = z
  .object({
    productItemId: z.number().int(),
    name: z.string(),
    perPiece: z.number().int().describe('Pieces of this item in one piece of the product (its bundle).'),
    needed: z.number().int().describe('Pieces of this item the asked quantity takes.'),
    lots: z.array(PlannedLot).describe('Every lot of the item on the shelf, in FEFO order.'),
  })
  .meta({ id: 'LotPlanItem' });
export type LotPlanItem = z.infer<typeof LotPlanItem>;

/** `GET /orders/{o}/order-item/{i}/lot-plan`: what FEFO would take from one warehouse for the item. */
export const LotPlan = z
  .object({
    warehouse: z.string(),
    warehouseLabel: z.string(),
    quantity: z.number().int().describe('Pieces of the product asked.'),
    freshFrom: z.iso
      .date()
      .describe(
        "Lots expiring before this day are not loaded: today, or the order's planned day + the buyer's minimum.",
      ),
    minRemainingShelfLifeDays: z
      .number()
      .int()
      .nullable()
      .describe("The buyer's minimum remaining shelf life in days; null when it asks none."),
    enough: z.boolean().describe('Whether the fit lots hold the asked quantity of every item.'),
    items: z.array(LotPlanItem).describe('One per item of the bundle as ordered.'),
  })
  .meta({ id: 'LotPlan' });
export type LotPlan = z.infer<typeof LotPlan>;
