import type {
  ApprovePendingProductItemBody,
  CreateProductItemBody,
  PendingProductItem,
  ProductItem,
  ProductItemPage,
  SyncResult,
  UpdateProductItemBody,
} from '@mandira/contract/products';
import type {
  CreateProductBody,
  ItemCard,
  Product,
  ProductOpenUsage,
  UpdateProductBody,
} from '@mandira/contract/sellable-products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createOrUpdate, get, post, unwrap } from '../../api/client.ts';
import { productItemPagePath } from '../../api/product-item-pages.ts';
import { PRODUCTS_KEY as PRODUCTS, SELLABLE_PRODUCTS_KEY as SELLABLE } from '../../api/products.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';

// Items, the approval queue and sellable products show one another's data (names, frozen flags,
// bundle lines), so every write reloads everything under this key.
const ITEMS = [...PRODUCTS, 'items'] as const;
const PENDING = [...PRODUCTS, 'pending'] as const;

/** One page of the catalogue matching the typed search, by stock code (decision 116). */
export function useProductItemPage(q: string, page: number) {
  return useQuery({
    ...apiQuery<ProductItemPage>([...ITEMS, 'page', q, page], productItemPagePath({ q }, page)),
    placeholderData: keepPreviousData,
  });
}

export function useSaveProductItem() {
  return useApiMutation(
    createOrUpdate<CreateProductItemBody | UpdateProductItemBody, ProductItem>('/product-item'),
    { invalidates: [PRODUCTS] },
  );
}

export function useSynchronizeItems() {
  return useApiMutation(() => get<SyncResult>('/product-item/synchronize'), { invalidates: [PRODUCTS] });
}

export function usePendingItems() {
  return useQuery(apiQuery<PendingProductItem[]>([...PENDING, 'list'], '/pending-product-item'));
}

/** The answer is a list and its first element is the record (decision 12). */
export function usePendingItem(id: number | undefined) {
  return useQuery({
    ...apiQuery<PendingProductItem[]>([...PENDING, 'one', id], `/pending-product-item/${id}`),
    enabled: id !== undefined,
    staleTime: 0,
    select: (list) => list[0],
  });
}

export function useApprovePendingItem() {
  return useApiMutation(
    (body: ApprovePendingProductItemBody) => post<ProductItem>('/pending-product-item', body),
    { invalidates: [PRODUCTS] },
  );
}

export function useItemCards() {
  return useQuery(apiQuery<ItemCard[]>([...SELLABLE, 'item-cards'], '/products/item-cards'));
}

/** The product as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export async function fetchSellableProduct(product: Product): Promise<Product | undefined> {
  return (await unwrap(get<Product[]>('/products'))).find((row) => row.id === product.id);
}

export function useSaveSellableProduct() {
  return useApiMutation(createOrUpdate<CreateProductBody | UpdateProductBody, Product>('/products'), {
    invalidates: [PRODUCTS],
  });
}

/** Baskets and open orders holding the product, read afresh each time the edit form opens (decision 100). */
export function useProductOpenUsage(productId: number | undefined) {
  return useQuery({
    ...apiQuery<ProductOpenUsage>(
      [...SELLABLE, 'open-usage', productId],
      `/products/${productId}/open-usage`,
    ),
    enabled: productId !== undefined,
    staleTime: 0,
  });
}
