/**
 * The GS1 Application Identifiers the portal reads (docs/domain/scanning.md, decision 157), and the
 * GS1 General Specifications' tables that let an element string be split without knowing every AI:
 * how many digits an AI has by its first two, and which AIs are of predefined (fixed) length.
 */

/** What a known AI's value means to the portal. */
export type Gs1Meaning =
  | 'sscc'
  | 'gtin'
  | 'containedGtin'
  | 'lotCode'
  | 'productionDate'
  | 'packagingDate'
  | 'bestBeforeDate'
  | 'expiryDate'
  | 'serial'
  | 'count'
  | 'itemCount'
  | 'netWeightKg';

export type Gs1AiSpec = {
  label: string;
  meaning: Gs1Meaning;
  /** Digits only (N) or GS1's character set 82 (X). */
  digits: boolean;
  /** A fixed length, or the longest a variable-length value may be. */
  length: number;
  fixed: boolean;
  /** The value ends with a GS1 check digit (SSCC, GTIN). */
  checkDigit?: boolean;
  /** Decimal places, for 310n. */
  decimals?: number;
};

const fixedDigits = (label: string, meaning: Gs1Meaning, length: number, checkDigit = false) =>
  ({ label, meaning, digits: true, length, fixed: true, checkDigit }) satisfies Gs1AiSpec;

const netWeight = (decimals: number): Gs1AiSpec => ({
  label: 'Net ağırlık (kg)',
  meaning: 'netWeightKg',
  digits: true,
  length: 6,
  fixed: true,
  decimals,
});

/** The AIs whose meaning the portal uses; every other AI is kept and reported as unknown. */
export const GS1_AIS: Record<string, Gs1AiSpec> = {
  '00': fixedDigits('SSCC (koli/palet numarası)', 'sscc', 18, true),
  '01': fixedDigits('GTIN', 'gtin', 14, true),
  '02': fixedDigits('İçerdiği ürünün GTIN’i', 'containedGtin', 14, true),
  '10': { label: 'Parti numarası', meaning: 'lotCode', digits: false, length: 20, fixed: false },
  '11': fixedDigits('Üretim tarihi', 'productionDate', 6),
  '13': fixedDigits('Ambalajlama tarihi', 'packagingDate', 6),
  '15': fixedDigits('Tavsiye edilen tüketim tarihi', 'bestBeforeDate', 6),
  '17': fixedDigits('Son kullanma tarihi', 'expiryDate', 6),
  '21': { label: 'Seri numarası', meaning: 'serial', digits: false, length: 20, fixed: false },
  '30': { label: 'Adet', meaning: 'count', digits: true, length: 8, fixed: false },
  '37': { label: 'İçerdiği ürün adedi', meaning: 'itemCount', digits: true, length: 8, fixed: false },
  '3100': netWeight(0),
  '3101': netWeight(1),
  '3102': netWeight(2),
  '3103': netWeight(3),
  '3104': netWeight(4),
  '3105': netWeight(5),
};

/**
 * The number of digits of an AI by its first two digits (GS1 General Specifications, "GS1 Application
 * Identifiers in numerical order"); a prefix GS1 has not assigned is read as a two-digit AI.
 */
export function aiLengthOf(prefix: string): number {
  const n = Number(prefix);
  if (n >= 23 && n <= 25) return 3;
  if ((n >= 31 && n <= 36) || n === 39 || n === 43) return 4;
  if (n >= 40 && n <= 42) return 3;
  if (n === 70 || n === 72 || (n >= 80 && n <= 82)) return 4;
  if (n === 71) return 3;
  return 2;
}

/**
 * The AIs whose whole element has a predefined length, so no FNC1 separator follows them, by their first
 * two digits: the length of the value after the AI. GS1 keeps this table fixed so that a reader can
 * split a string holding AIs it does not know.
 */
const PREDEFINED_VALUE_LENGTH: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '03': 14,
  '04': 16,
  '11': 6,
  '12': 6,
  '13': 6,
  '14': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '18': 6,
  '19': 6,
  '20': 2,
  '31': 6,
  '32': 6,
  '33': 6,
  '34': 6,
  '35': 6,
  '36': 6,
  '41': 13,
};

/** The fixed value length of an AI (known or not), or null when its value runs to a separator. */
export function fixedValueLength(ai: string): number | null {
  const known = GS1_AIS[ai];
  if (known) return known.fixed ? known.length : null;
  return PREDEFINED_VALUE_LENGTH[ai.slice(0, 2)] ?? null;
}
