import { sortPackagingGroups } from '@mandira/contract/products';
import {
  type BundleLineInput,
  type CreateProductBody,
  DUPLICATE_BUNDLE_ITEM_MESSAGE,
  type Product,
  type UpdateProductBody,
} from '@mandira/contract/sellable-products';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  countProductRows,
  deleteBundle,
  findBundledPackagingGroups,
  findProduct,
  insertBundle,
  insertProduct,
  insertProductReservations,
  lockProduct,
  shareLockItems,
  storedProduct,
  updateProductRow,
} from './sellable-product.repo.ts';
import { assertCodesFree, PRODUCT_CODES, withDuplicateMessages } from './unique-codes.ts';

type CreateInput = z.output<typeof CreateProductBody>;
type UpdateInput = z.output<typeof UpdateProductBody>;

export async function createProduct(tx: Tx, actor: Actor, input: CreateInput): Promise<Product> {
  const id = await withDuplicateMessages(PRODUCT_CODES, input, async () => {
    await assertCodesFree(tx, PRODUCT_CODES, input);
    const lines = await bundleLinesOf(tx, input);
    const created = await insertProduct(tx, columnsOf(input));
    await insertBundle(tx, created, lines);
    // Its reservation counters, kept from now on by the basket and order writes (decision 65).
    await insertProductReservations(tx, created);
    await stampCreated(tx, 'products', created, actor);
    return created;
  });
  await recordChange(tx, actor, {
    action: 'CREATE',
    entityType: 'PRODUCT',
    entityId: id,
    after: await storedProduct(tx, id),
  });
  return findProduct(tx, id);
}

export async function updateProduct(tx: Tx, actor: Actor, input: UpdateInput): Promise<Product> {
  const before = await storedProduct(tx, input.id);
  await withDuplicateMessages(PRODUCT_CODES, input, async () => {
    await takeNextVersion(tx, 'products', input.id, actor, input.version);
    const current = await lockProduct(tx, input.id);
    if (!current) throw notFound('Satış ürünü bulunamadı.');
    await assertCodesFree(tx, PRODUCT_CODES, input, input.id);
    const lines = await bundleLinesOf(tx, input);
    await updateProductRow(tx, input.id, columnsOf(input));
    await deleteBundle(tx, input.id);
    await insertBundle(tx, input.id, lines);
  });
  const after = await storedProduct(tx, input.id);
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
  const found = await shareLockItems(tx, ids);
  const missing = ids.filter((id) => !found.some((item) => item.id === id));
  if (missing.length > 0) {
    throw badRequest(
      `İçindekiler listesindeki ürün bulunamadı: ${missing.map((id) => `#${id}`).join(', ')}.`,
    );
  }
  return lines;
}

export async function countProducts(db: Db): Promise<number> {
  return countProductRows(db);
}

/** Packaging groups of the items that sellable products are made of, by their amount in one unit. */
export async function listProductPackagingGroups(db: Db): Promise<string[]> {
  const rows = await findBundledPackagingGroups(db);
  return sortPackagingGroups(rows.map((row) => row.group ?? ''));
}
