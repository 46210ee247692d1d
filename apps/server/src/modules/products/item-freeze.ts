import { FROZEN_FIELDS } from '@mandira/contract/products';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { productBundles } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { itemHasStockHistorySql, qualified } from './item-stock.ts';

/**
 * An item is frozen (docs/domain/stock.md) once it has stock history or is part of a sellable product,
 * because stock counts and bundles are in its packaging; changing the packaging would change their meaning.
 * Derived on every read rather than stored, so it never drifts from the records that cause it.
 */
export function itemFrozenSql(itemId: AnyColumn | SQL): SQL<boolean> {
  const inBundle = sql`exists (select 1 from ${productBundles} as frozen_b where frozen_b.product_item_id = ${qualified(itemId)})`;
  return sql<boolean>`(${inBundle} or ${itemHasStockHistorySql(itemId)})`.mapWith(Boolean);
}

type Packaging = { [K in keyof typeof FROZEN_FIELDS]: string | number };

/** Refuses a change of a frozen item's packaging with 409, naming the fields. */
export function assertPackagingKept(current: Packaging, next: Packaging): void {
  const changed = (Object.keys(FROZEN_FIELDS) as (keyof typeof FROZEN_FIELDS)[]).filter(
    (field) => String(current[field]) !== String(next[field]),
  );
  if (changed.length === 0) return;
  const names = changed.map((field) => FROZEN_FIELDS[field]).join(', ');
  throw conflict(
    `Bu ürün stok hareketi görmüş veya bir satış ürününün içeriğinde yer aldığı için değiştirilemez alanlar: ${names}.`,
  );
}
