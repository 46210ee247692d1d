import * as productItems from '@mandira/contract/operations/product-items';
import type { ProductItem } from '@mandira/contract/products';
import { asPage } from './answer-shape.ts';
import { callApi } from './client.ts';
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

/** The input of `listProductItems` for one page of the search, by stock code (decision 116). */
export const productItemPage = (search: ProductItemSearch, page: number, size = PRODUCT_ITEM_PAGE_SIZE) => ({
  query: { ...search, page, size },
});

/** Every item of the search, page by page: the Excel file of the whole filtered catalogue. */
export function fetchAllProductItems(search: ProductItemSearch): Promise<ProductItem[]> {
  return fetchEveryPage(
    (page, size) => callApi(productItems.listProductItems, productItemPage(search, page, size)),
    (answer) => {
      const items = asPage(answer);
      return { rows: items.items, totalPages: items.totalPages };
    },
  );
}
