import { z } from 'zod';
import { text } from './fields.ts';
import { parseScanCode } from './gs1.ts';
import { GS1_AIS } from './gs1-ais.ts';

/**
 * `GET /scan?code=`: one resolver of scanned codes for the web, handhelds and integrators
 * (docs/domain/scanning.md, decision 157).
 */

export const SCAN_CODE_MAX = 300;
export const UNKNOWN_CODE_MESSAGE = 'Bu kod ile kayıtlı ürün bulunamadı.';

export const ScanQuery = z.object({
  code: text({ error: 'Okutulan kodu giriniz.' })
    .trim()
    .min(1, 'Okutulan kodu giriniz.')
    .max(SCAN_CODE_MAX, `Kod en fazla ${SCAN_CODE_MAX} karakter olabilir.`)
    .superRefine((code, ctx) => {
      const read = parseScanCode(code);
      if (!read.ok) ctx.addIssue({ code: 'custom', message: read.message });
    })
    .describe(
      'The code as scanned: an EAN-13/EAN-8/UPC-A/GTIN-14, a GS1 element string (raw with GS (ASCII 29) ' +
        "as FNC1 and an optional symbology identifier such as ']C1', or bracketed: '(01)…(17)…(10)…'), " +
        "or an item's stock code.",
    ),
});
export type ScanQuery = z.input<typeof ScanQuery>;

const ScanFormat = z
  .enum(['EAN_13', 'EAN_8', 'UPC_A', 'GTIN_14', 'GS1', 'TEXT'])
  .describe('How the code was read; TEXT is any other text, looked up as a stock code.');

const ScannedItem = z
  .object({
    id: z.number().int(),
    name: text(),
    stockCode: text(),
    barcode: text(),
    quantityInBox: z.number().int().describe('Pieces in one box; 0 when the item is not sold by the box.'),
  })
  .meta({ id: 'ScannedItem', description: 'The stockable item (product item) the code names.' });

const ScannedProduct = z
  .object({ id: z.number().int(), name: text(), stockCode: text().nullable(), barcode: text().nullable() })
  .meta({ id: 'ScannedProduct', description: 'A sellable product with the scanned barcode or stock code.' });

const Element = z.object({
  ai: text().describe('The GS1 Application Identifier.'),
  value: text().describe('Its value as printed.'),
});

export const ScanAnswer = z
  .object({
    code: text().describe('The code as read: trimmed, without its symbology identifier.'),
    format: ScanFormat,
    matchedBy: z
      .enum(['BARCODE', 'CARTON_BARCODE', 'STOCK_CODE'])
      .nullable()
      .describe(
        "How the item was found; CARTON_BARCODE: the code is a carton's GTIN-14 (indicator 1–8) built on the " +
          "item's barcode, so it stands for a box of `quantityInBox` pieces. Null when no item has this code.",
      ),
    item: ScannedItem.nullable().describe(
      `The item the code names; null when none (the screens say '${UNKNOWN_CODE_MESSAGE}'), with the data it carries still read.`,
    ),
    products: z.array(ScannedProduct),
    gtin: text().nullable().describe('14 digits; a shorter barcode is padded with zeros.'),
    containedGtin: text().nullable().describe('AI 02: the GTIN of the items inside a carton.'),
    sscc: text().nullable().describe('AI 00.'),
    lotCode: text().nullable().describe('AI 10.'),
    serial: text().nullable().describe('AI 21.'),
    expiryDate: text().nullable().describe("AI 17, 'YYYY-MM-DD'."),
    bestBeforeDate: text().nullable().describe("AI 15, 'YYYY-MM-DD'."),
    productionDate: text().nullable().describe("AI 11, 'YYYY-MM-DD'."),
    packagingDate: text().nullable().describe("AI 13, 'YYYY-MM-DD'."),
    count: z.number().int().nullable().describe('AI 30: a count of pieces.'),
    itemCount: z.number().int().nullable().describe('AI 37: the count of the contained items (with AI 02).'),
    netWeightKg: z.number().nullable().describe('AI 310n.'),
    elements: z.array(Element).describe('Every element of a GS1 string, in order.'),
    unknownElements: z
      .array(Element)
      .describe('The elements whose AI the portal does not read; kept, never a reason to refuse.'),
  })
  .meta({ id: 'ScanAnswer', description: 'What a scanned code names and carries.' });
export type ScanAnswer = z.infer<typeof ScanAnswer>;

/** The Turkish name of a GS1 AI the portal knows, for showing an element. */
export const gs1AiLabel = (ai: string) => GS1_AIS[ai]?.label ?? `AI ${ai}`;
