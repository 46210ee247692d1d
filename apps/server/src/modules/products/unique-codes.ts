import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productItems, products } from '../../db/schema.ts';
import { type AppError, duplicate, isUniqueViolation } from '../../http/errors.ts';

type Codes = { stockCode: string | null; barcode: string | null };
type Owner = { table: typeof productItems | typeof products; noun: string };

export const ITEM_CODES: Owner = { table: productItems, noun: 'bir ürün' };
export const PRODUCT_CODES: Owner = { table: products, noun: 'bir satış ürünü' };

function taken(owner: Owner, field: keyof Codes, value: string): AppError {
  const what = field === 'barcode' ? 'barkodlu' : 'stok kodlu';
  return duplicate(`'${value}' ${what} ${owner.noun} zaten kayıtlı.`);
}

/** Stock codes and barcodes are unique; a readable 409 before writing, naming the value. */
export async function assertCodesFree(tx: Tx, owner: Owner, codes: Codes, exceptId?: number): Promise<void> {
  const { table } = owner;
  const matches = [
    codes.stockCode === null ? undefined : eq(table.stockCode, codes.stockCode),
    codes.barcode === null ? undefined : eq(table.barcode, codes.barcode),
  ].filter((condition): condition is SQL => condition !== undefined);
  if (matches.length === 0) return;
  const rows = await tx
    .select({ stockCode: table.stockCode, barcode: table.barcode })
    .from(table)
    .where(and(or(...matches), exceptId === undefined ? undefined : ne(table.id, exceptId)));
  if (codes.stockCode !== null && rows.some((row) => row.stockCode === codes.stockCode)) {
    throw taken(owner, 'stockCode', codes.stockCode);
  }
  if (codes.barcode !== null && rows.length > 0) throw taken(owner, 'barcode', codes.barcode);
}

/** Two requests racing past the pre-check meet the unique index: the same 409, not a 500. */
export async function withDuplicateMessages<T>(
  owner: Owner,
  codes: Codes,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const onBarcode = describe(error).includes('barcode');
    throw onBarcode
      ? taken(owner, 'barcode', codes.barcode ?? '')
      : taken(owner, 'stockCode', codes.stockCode ?? '');
  }
}

/** The constraint and detail of the database error, wherever the driver nested it. */
function describe(error: unknown): string {
  let text = '';
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { constraint, detail, cause } = current as {
      constraint?: string;
      detail?: string;
      cause?: unknown;
    };
    text += `${constraint ?? ''} ${detail ?? ''} `;
    current = cause;
  }
  return text;
}
