import { aiLengthOf, fixedValueLength, GS1_AIS, type Gs1AiSpec, type Gs1Meaning } from './gs1-ais.ts';
import { gs1Date, wrongCheckDigit } from './gs1-values.ts';

/**
 * What a scanned code says (docs/domain/scanning.md, decision 157): a retail barcode (EAN-13, EAN-8,
 * UPC-A, GTIN-14), a GS1-128 / GS1 DataMatrix element string — raw with FNC1 as the GS character, or in
 * the bracketed form printed under the bars — or any other text, which the server reads as a stock code.
 * An AI the portal does not know is kept and reported, never a reason to refuse the scan; a wrong check
 * digit, a date that is no date or a value of the wrong shape is refused, naming the AI.
 */

/** FNC1 as scanners send it inside an element string: ASCII 29, group separator. */
export const GS = '\u001d';

export type ScanFormat = 'EAN_13' | 'EAN_8' | 'UPC_A' | 'GTIN_14' | 'GS1' | 'TEXT';
export type Gs1Element = { ai: string; value: string };

export type ParsedScan = {
  format: ScanFormat;
  /** The code without its symbology identifier and surrounding blanks. */
  text: string;
  /** The GTIN as 14 digits (a shorter barcode padded with zeros on the left). */
  gtin: string | null;
  containedGtin: string | null;
  sscc: string | null;
  lotCode: string | null;
  serial: string | null;
  /** Days as 'YYYY-MM-DD'. */
  expiryDate: string | null;
  bestBeforeDate: string | null;
  productionDate: string | null;
  packagingDate: string | null;
  count: number | null;
  itemCount: number | null;
  netWeightKg: number | null;
  /** Every element of a GS1 string, in the order read. */
  elements: Gs1Element[];
  /** The elements whose AI the portal does not know. */
  unknownElements: Gs1Element[];
};

export type ScanParseResult = { ok: true; scan: ParsedScan } | { ok: false; message: string };

class ScanError extends Error {}

const RETAIL_FORMATS: Record<number, { format: ScanFormat; label: string }> = {
  8: { format: 'EAN_8', label: 'EAN-8' },
  12: { format: 'UPC_A', label: 'UPC-A' },
  13: { format: 'EAN_13', label: 'EAN-13' },
  14: { format: 'GTIN_14', label: 'GTIN-14' },
};

/** Symbology identifiers (ISO/IEC 15424) that announce a GS1 element string. */
const GS1_SYMBOLOGIES = new Set(['C1', 'e0', 'd2', 'Q3', 'J1']);
const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;

/** Reads a scanned code; `currentYear` places GS1's two-digit years (the century rule). */
export function parseScanCode(
  code: string,
  currentYear: number = new Date().getUTCFullYear(),
): ScanParseResult {
  try {
    return { ok: true, scan: readCode(code, currentYear) };
  } catch (error) {
    if (error instanceof ScanError) return { ok: false, message: error.message };
    throw error;
  }
}

function readCode(code: string, currentYear: number): ParsedScan {
  let text = code.trim();
  const symbology = SYMBOLOGY_ID.exec(text)?.[0].slice(1);
  if (symbology) text = text.slice(3);
  while (text.startsWith(GS)) text = text.slice(1);
  if (text === '') throw new ScanError('Okunan kod boş.');
  const announced = symbology !== undefined && GS1_SYMBOLOGIES.has(symbology);
  if (text.startsWith('(')) return interpret(text, splitBracketed(text), currentYear);
  if (announced || text.includes(GS) || /^0[0-2]\d{14}/.test(text)) {
    return interpret(text, splitRaw(text), currentYear);
  }
  const retail = /^\d+$/.test(text) ? RETAIL_FORMATS[text.length] : undefined;
  if (retail) {
    const wrong = wrongCheckDigit(text);
    if (wrong) {
      throw new ScanError(
        `${retail.label} barkodunun kontrol basamağı hatalı: ${wrong.found} okundu, ${wrong.expected} olmalı.`,
      );
    }
    return { ...emptyScan(text, retail.format), gtin: text.padStart(14, '0') };
  }
  return emptyScan(text, 'TEXT');
}

/** A code read as `format` that carries no data: every field null, no elements. */
export function emptyScan(text: string, format: ScanFormat): ParsedScan {
  return {
    format,
    text,
    gtin: null,
    containedGtin: null,
    sscc: null,
    lotCode: null,
    serial: null,
    expiryDate: null,
    bestBeforeDate: null,
    productionDate: null,
    packagingDate: null,
    count: null,
    itemCount: null,
    netWeightKg: null,
    elements: [],
    unknownElements: [],
  };
}

/** A raw element string: fixed-length AIs run their length, the others to the next GS or the end. */
function splitRaw(text: string): Gs1Element[] {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at++;
      continue;
    }
    const prefix = text.slice(at, at + 2);
    const aiLength = /^\d\d$/.test(prefix) ? aiLengthOf(prefix) : 0;
    const ai = text.slice(at, at + aiLength);
    if (aiLength === 0 || !/^\d+$/.test(ai) || ai.length < aiLength) {
      throw new ScanError(
        `GS1 kodunun ${at + 1}. karakterinde bir uygulama tanımlayıcısı (AI) bekleniyordu.`,
      );
    }
    const start = at + aiLength;
    const fixed = fixedValueLength(ai);
    const next = text.indexOf(GS, start);
    const end = fixed !== null ? start + fixed : next === -1 ? text.length : next;
    const value = text.slice(start, end);
    if (fixed !== null && (value.length < fixed || value.includes(GS))) {
      throw new ScanError(`(${ai}) ${labelOf(ai)} ${fixed} karakter olmalı; kod erken bitiyor.`);
    }
    elements.push({ ai, value });
    at = end;
  }
  return elements;
}

/** The human-readable form, '(01)08690000000018(17)261231(10)2611-A'. */
function splitBracketed(text: string): Gs1Element[] {
  const parts = text.split(/\((\d{2,4})\)/);
  if (parts[0] !== '' || parts.length < 3) {
    throw new ScanError('GS1 kodu (AI)değer biçiminde okunamadı.');
  }
  const elements: Gs1Element[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    elements.push({ ai: parts[i] as string, value: (parts[i + 1] as string).trim() });
  }
  return elements;
}

const labelOf = (ai: string) => GS1_AIS[ai]?.label ?? 'değeri';

function interpret(text: string, elements: Gs1Element[], currentYear: number): ParsedScan {
  if (elements.length === 0) throw new ScanError('GS1 kodunda hiç veri yok.');
  const scan: ParsedScan = { ...emptyScan(text, 'GS1'), elements };
  const seen = new Map<string, string>();
  for (const { ai, value } of elements) {
    const spec = GS1_AIS[ai];
    if (!spec) {
      scan.unknownElements.push({ ai, value });
      continue;
    }
    const earlier = seen.get(spec.meaning);
    if (earlier !== undefined && earlier !== value) {
      throw new ScanError(`(${ai}) ${spec.label} kodda iki farklı değerle geçiyor.`);
    }
    seen.set(spec.meaning, value);
    assign(scan, spec, checkedValue(ai, value, spec, currentYear));
  }
  return scan;
}

function checkedValue(ai: string, value: string, spec: Gs1AiSpec, currentYear: number): string | number {
  const named = `(${ai}) ${spec.label}`;
  if (value === '') throw new ScanError(`${named} boş.`);
  if (spec.digits && !/^\d+$/.test(value)) throw new ScanError(`${named} yalnızca rakam olmalı: ${value}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is never part of a value.
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new ScanError(`${named} izin verilmeyen bir karakter içeriyor.`);
  if (spec.fixed && value.length !== spec.length) {
    throw new ScanError(`${named} ${spec.length} karakter olmalı: ${value}`);
  }
  if (!spec.fixed && value.length > spec.length) {
    throw new ScanError(`${named} en fazla ${spec.length} karakter olabilir: ${value}`);
  }
  if (spec.checkDigit) {
    const wrong = wrongCheckDigit(value);
    if (wrong) {
      throw new ScanError(
        `${named} kontrol basamağı hatalı: ${wrong.found} okundu, ${wrong.expected} olmalı.`,
      );
    }
  }
  if (spec.meaning.endsWith('Date')) {
    const day = gs1Date(value, currentYear);
    if (!day) throw new ScanError(`${named} geçerli bir tarih değil: ${value}`);
    return day;
  }
  if (spec.decimals !== undefined)
    return Number((Number(value) / 10 ** spec.decimals).toFixed(spec.decimals));
  if (spec.meaning === 'count' || spec.meaning === 'itemCount') return Number(value);
  return value;
}

/** Each meaning is the name of the field it fills. */
function assign(scan: ParsedScan, spec: Gs1AiSpec, value: string | number) {
  const field: keyof ParsedScan & Gs1Meaning = spec.meaning;
  (scan as Record<typeof field, unknown>)[field] = value;
}

/**
 * An element string from its elements, raw (GS after each variable-length value but the last, as a
 * GS1-128 or DataMatrix symbol holds it) or bracketed (as printed under the bars).
 */
export function buildElementString(elements: Gs1Element[], form: 'raw' | 'bracketed'): string {
  if (form === 'bracketed') return elements.map(({ ai, value }) => `(${ai})${value}`).join('');
  return elements
    .map(({ ai, value }, i) =>
      fixedValueLength(ai) === null && i < elements.length - 1 ? `${ai}${value}${GS}` : `${ai}${value}`,
    )
    .join('');
}
