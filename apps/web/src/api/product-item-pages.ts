import type { ProductItem, ProductItemPage } from '@mandira/contract/products';
import { queryString } from './client.ts';
import { fetchEveryPage } from './every-page.ts';

/** Rows of a page of the catalogue and stock tables. */
export const PRODUCT_ITEM_PAGE_SIZE = 50;

/** The filters ('' means all) and the typed search, as the item list reads them. */
export type ProductItemSearch = {
  packagingGroup?: string;
  warehouseStockType?: string;
  warehouseName?: string;
  q: string;
};

/** `GET /product-item` for one page of the search, by stock code (decision 116). */
export const productItemPagePath = (search: ProductItemSearch, page: number, size = PRODUCT_ITEM_PAGE_SIZE) =>
  `/product-item${queryString({ ...search, page, size })}`;

/** Every item of the search, page by page: the Excel file of the whole filtered catalogue. */
export function fetchAllProductItems(search: ProductItemSearch): Promise<ProductItem[]> {
  return fetchEveryPage<ProductItemPage, ProductItem>(
    (page, size) => productItemPagePath(search, page, size),
    (answer) => ({ rows: answer.items, totalPages: answer.totalPages }),
  );
}
