import { sortPackagingGroups } from '@mandira/contract/products';
import {
  type BundleLineInput,
  type CreateProductBody,
  DUPLICATE_BUNDLE_ITEM_MESSAGE,
  type Product,
  type UpdateProductBody,
} from '@mandira/contract/sellable-products';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { productBundles, productItems, productReservations, products } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange, storedRow } from '../audit/record-change.ts';
import { findProduct } from './sellable-product.repo.ts';
import { assertCodesFree, PRODUCT_CODES, withDuplicateMessages } from './unique-codes.ts';

type CreateInput = z.output<typeof CreateProductBody>;
type UpdateInput = z.output<typeof UpdateProductBody>;

export async function createProduct(tx: Tx, actor: Actor, input: CreateInput): Promise<Product> {
  const id = await withDuplicateMessages(PRODUCT_CODES, input, async () => {
    await assertCodesFree(tx, PRODUCT_CODES, input);
    const lines = await bundleLinesOf(tx, input);
    const [created] = await tx.insert(products).values(columnsOf(input)).returning({ id: products.id });
    await writeBundle(tx, created!.id, lines);
    // Its reservation counters, kept from now on by the basket and order writes (decision 65).
    await tx.insert(productReservations).values({ productId: created!.id });
    await stampCreated(tx, 'products', created!.id, actor);
    return created!.id;
  });
  await recordChange(tx, actor, {
    action: 'CREATE',
    entityType: 'PRODUCT',
    entityId: id,
    after: await storedRow(tx, products, id),
  });
  return findProduct(tx, id);
}

export async function updateProduct(tx: Tx, actor: Actor, input: UpdateInput): Promise<Product> {
  const before = await storedRow(tx, products, input.id);
  await withDuplicateMessages(PRODUCT_CODES, input, async () => {
    await takeNextVersion(tx, 'products', input.id, actor, input.version);
    const [current] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.id))
      .for('update');
    if (!current) throw notFound('Satış ürünü bulunamadı.');
    await assertCodesFree(tx, PRODUCT_CODES, input, input.id);
    const lines = await bundleLinesOf(tx, input);
    await tx
      .update(products)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(products.id, input.id));
    await tx.delete(productBundles).where(eq(productBundles.productId, input.id));
    await writeBundle(tx, input.id, lines);
  });
  const after = await storedRow(tx, products, input.id);
  await recordChange(tx, actor, {
    action: 'UPDATE',
    entityType: 'PRODUCT',
    entityId: input.id,
    before,
    after,
  });
  return findProduct(tx, input.id);
}

function columnsOf(input: CreateInput) {
  return {
    name: input.name,
    stockCode: input.stockCode,
    barcode: input.barcode,
    price: input.price,
    discount: input.discount,
    onlineListingAvailable: input.onlineListingAvailable === 1,
    truckShippingAvailable: input.truckShippingAvailable === 1,
    quantityInsideBox: input.quantityInsideBox,
    notes: input.notes,
  };
}

/**
 * The bundle from `productBundle`, or from `productItemIds` alone (one piece each); the screen sends
 * both and then the lines win. Each item once, and every item must exist.
 */
async function bundleLinesOf(tx: Tx, input: CreateInput): Promise<BundleLineInput[]> {
  const lines =
    input.productBundle ??
    (input.productItemIds ?? []).map((productItemId) => ({ productItemId, quantity: 1 }));
  const ids = lines.map((line) => line.productItemId);
  if (new Set(ids).size !== ids.length) throw badRequest(DUPLICATE_BUNDLE_ITEM_MESSAGE);
  if (ids.length === 0) return lines;
  // A share lock waits for an item update in flight, so its frozen check and this bundle agree.
  const found = await tx
    .select({ id: productItems.id })
    .from(productItems)
    .where(inArray(productItems.id, ids))
    .for('share');
  const missing = ids.filter((id) => !found.some((item) => item.id === id));
  if (missing.length > 0) {
    throw badRequest(
      `İçindekiler listesindeki ürün bulunamadı: ${missing.map((id) => `#${id}`).join(', ')}.`,
    );
  }
  return lines;
}

async function writeBundle(tx: Tx, productId: number, lines: readonly BundleLineInput[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(productBundles).values(lines.map((line) => ({ productId, ...line })));
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}

/** Packaging groups of the items that sellable products are made of, by their amount in one unit. */
export async function listProductPackagingGroups(db: Db): Promise<string[]> {
  const rows = await db
    .select({ group: productItems.packagingGroup })
    .from(productBundles)
    .innerJoin(productItems, eq(productItems.id, productBundles.productItemId))
    .groupBy(productItems.packagingGroup);
  return sortPackagingGroups(rows.map((row) => row.group ?? ''));
}
