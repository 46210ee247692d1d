import type { OperationBody } from '@mandira/contract/operation';
import * as pendingItems from '@mandira/contract/operations/pending-items';
import * as productItems from '@mandira/contract/operations/product-items';
import * as sellableProducts from '@mandira/contract/operations/sellable-products';
import type { Product } from '@mandira/contract/sellable-products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { asPage } from '../../api/answer-shape.ts';
import { callApi, createOrUpdateOf, unwrap } from '../../api/client.ts';
import { productItemPage } from '../../api/product-item-pages.ts';
import { PRODUCTS_KEY as PRODUCTS, SELLABLE_PRODUCTS_KEY as SELLABLE } from '../../api/products.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';

// Items, the approval queue and sellable products show one another's data (names, frozen flags,
// bundle lines), so every write reloads everything under this key.
const ITEMS = [...PRODUCTS, 'items'] as const;
const PENDING = [...PRODUCTS, 'pending'] as const;

/** One page of the catalogue matching the typed search, by stock code (decision 116). */
export function useProductItemPage(q: string, page: number) {
  return useQuery({
    ...operationQuery(ITEMS, productItems.listProductItems, productItemPage({ q }, page)),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

export function useSaveProductItem() {
  return useApiMutation(createOrUpdateOf(productItems.createProductItem, productItems.updateProductItem), {
    invalidates: [PRODUCTS],
  });
}

export function useSynchronizeItems() {
  return useApiMutation(() => callApi(productItems.synchronizeProductItems), { invalidates: [PRODUCTS] });
}

export function usePendingItems() {
  return useQuery(operationQuery(PENDING, pendingItems.listPendingProductItems));
}

/** The answer is a list and its first element is the record (decision 12). */
export function usePendingItem(id: number | undefined) {
  return useQuery({
    // Without an id the query stays disabled, so it is never sent.
    ...operationQuery(PENDING, pendingItems.getPendingProductItem, { params: { id: id as number } }),
    enabled: id !== undefined,
    staleTime: 0,
    select: (list) => list[0],
  });
}

export function useApprovePendingItem() {
  return useApiMutation(
    (body: OperationBody<typeof pendingItems.approvePendingProductItem>) =>
      callApi(pendingItems.approvePendingProductItem, { body }),
    { invalidates: [PRODUCTS] },
  );
}

export function useItemCards() {
  return useQuery(operationQuery(SELLABLE, sellableProducts.listSellableProductItemCards));
}

/** The product as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export async function fetchSellableProduct(product: Product): Promise<Product | undefined> {
  return (await unwrap(callApi(sellableProducts.listSellableProducts))).find((row) => row.id === product.id);
}

export function useSaveSellableProduct() {
  return useApiMutation(
    createOrUpdateOf(sellableProducts.createSellableProduct, sellableProducts.updateSellableProduct),
    { invalidates: [PRODUCTS] },
  );
}

/** Baskets and open orders holding the product, read afresh each time the edit form opens (decision 100). */
export function useProductOpenUsage(productId: number | undefined) {
  return useQuery({
    // Without an id the query stays disabled, so it is never sent.
    ...operationQuery(SELLABLE, sellableProducts.getSellableProductOpenUsage, {
      params: { id: productId as number },
    }),
    enabled: productId !== undefined,
    staleTime: 0,
  });
}
