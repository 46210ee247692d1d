import { z } from 'zod';
import { text } from './fields.ts';

/**
 * Lots a line carries in a list of items (the catalogue and stock pages, a bulk movement's answer): the
 * first ones goods-out would take. The item's own answer carries every lot of its lines, and `lotCount`
 * says how many a line holds (decision 170).
 */
export const LIST_LINE_LOTS = 3;

/**
 * A stock line's breakdown by lot, as the item answers carry it: the lots with pieces on the line in
 * the order goods-out takes them (earliest expiry first, the undated lot 'SKT yok' last; decision 151),
 * so the stock, goods and item screens show what a line is made of (decision 154).
 */
export const StockLineLot = z
  .object({
    id: z.number().int().describe('The lot id: goods-out and counts name it as `lotId`.'),
    code: text().describe("The printed code; '' for the undated lot ('SKT yok')."),
    expiryDate: z.string().nullable().describe("'YYYY-MM-DD'; null for the undated lot."),
    productionDate: z.string().nullable().describe("'YYYY-MM-DD' when known."),
    quantity: z.number().int().describe('Pieces of this lot on the line, above 0.'),
    expired: z.boolean().describe('The expiry date is before today in Istanbul: the pieces may not be sold.'),
  })
  .meta({ id: 'StockLineLot' });
export type StockLineLot = z.infer<typeof StockLineLot>;
