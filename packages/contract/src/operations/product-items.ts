import { operation } from '../operation.ts';
import {
  CreateProductItemBody,
  IdParams,
  PackagingGroupList,
  ProductItem,
  ProductItemCount,
  ProductItemList,
  ProductItemQuery,
  SyncResult,
  UpdateProductItemBody,
  WarehouseStockTypeList,
} from '../products.ts';

// The stockable items: the catalogue screen manages them, the stock screens list them with their lines.
const tags = ['Depolanabilir ürünler'];
const access = 'PRODUCT_ITEM_MANAGEMENT';
/** The item list with its stock lines is also the list of the stock screens. */
const reading = ['PRODUCT_ITEM_MANAGEMENT', 'STOCK_MANAGEMENT', 'GOODS_IN_OUT', 'STOCK_HISTORY'] as const;

/** The item list is also the product filter of the stock history every user reads (decision 104). */
export const listProductItems = operation({
  operationId: 'listProductItems',
  method: 'GET',
  path: '/product-item',
  tags,
  summary: 'Depolanabilir ürünleri stok satırlarıyla listeler',
  access: 'AUTH_ANY_ROLE',
  query: ProductItemQuery,
  answer: ProductItemList,
});

export const listProductItemPackagingGroups = operation({
  operationId: 'listProductItemPackagingGroups',
  method: 'GET',
  path: '/product-item/packagingGroups',
  tags,
  summary: 'Depolanabilir ürünlerin ambalaj gruplarını listeler',
  access: reading,
  answer: PackagingGroupList,
});

export const listProductItemWarehouseStockTypes = operation({
  operationId: 'listProductItemWarehouseStockTypes',
  method: 'GET',
  path: '/product-item/warehouseStockType',
  tags,
  summary: 'Depo stok tiplerini listeler',
  access: reading,
  answer: WarehouseStockTypeList,
});

export const synchronizeProductItems = operation({
  operationId: 'synchronizeProductItems',
  method: 'GET',
  path: '/product-item/synchronize',
  tags,
  summary: "Ürünleri ERP'den alır ve onay kuyruğuna ekler",
  description:
    'Unknown stock codes become new pending records, changed items pending changes; unchanged items leave the queue. 422 when no ERP source is configured.',
  access,
  answer: SyncResult,
  errors: [422, 502],
});

export const getProductItem = operation({
  operationId: 'getProductItem',
  method: 'GET',
  path: '/product-item/:id',
  tags,
  summary: 'Depolanabilir ürünü stok satırlarıyla getirir',
  access: reading,
  params: IdParams,
  answer: ProductItem,
  errors: [404],
});

export const createProductItem = operation({
  operationId: 'createProductItem',
  method: 'POST',
  path: '/product-item',
  tags,
  summary: 'Depolanabilir ürün tanımlar',
  access,
  body: CreateProductItemBody,
  answer: ProductItem,
  errors: [409],
});

export const updateProductItem = operation({
  operationId: 'updateProductItem',
  method: 'PUT',
  path: '/product-item',
  tags,
  summary: 'Depolanabilir ürünü günceller',
  description:
    'A frozen item keeps its packagingType, packagingUnitType and packagingUnitTypeAmount: changing them is refused with 409.',
  access,
  body: UpdateProductItemBody,
  answer: ProductItem,
  errors: [404, 409],
});

export const countProductItems = operation({
  operationId: 'countProductItems',
  method: 'GET',
  path: '/dashboard/product-item-count',
  tags,
  summary: 'Depolanabilir ürün sayısını verir',
  access: 'DASHBOARD',
  answer: ProductItemCount,
});
