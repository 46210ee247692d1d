import { operation } from '../operation.ts';
import { IdParams, PackagingGroupList } from '../products.ts';
import {
  CreateProductBody,
  ItemCardList,
  Product,
  ProductCount,
  ProductList,
  ProductOpenUsage,
  ProductQuery,
  ProductStocks,
  UpdateProductBody,
} from '../sellable-products.ts';

// The products sold: bundles of items with a price, listed with their stock figures.
const tags = ['Satılabilir ürünler'];
const access = 'SELLABLE_PRODUCT_MANAGEMENT';
/** The order-taking screen lists products with their stock figures from the same calls (decision 55). */
const read = ['SELLABLE_PRODUCT_MANAGEMENT', 'ORDER_TAKING'] as const;
/** The product list is open to every signed-in user, read only without the managing privilege (decision 104). */
const listing = 'AUTH_ANY_ROLE';

export const listSellableProducts = operation({
  operationId: 'listSellableProducts',
  method: 'GET',
  path: '/products',
  tags,
  summary: 'Satılabilir ürünleri içerikleri ve stok durumlarıyla listeler',
  description: 'By name; `packagingGroup` keeps the products with an item of that group in their bundle.',
  access: listing,
  query: ProductQuery,
  answer: ProductList,
});

export const listSellableProductPackagingGroups = operation({
  operationId: 'listSellableProductPackagingGroups',
  method: 'GET',
  path: '/products/packagingGroups',
  tags,
  summary: 'Satılabilir ürünlerin içeriğindeki ambalaj gruplarını listeler',
  access: listing,
  answer: PackagingGroupList,
});

/** The bundle picker lists items from here, so the screen needs no item-management privilege. */
export const listSellableProductItemCards = operation({
  operationId: 'listSellableProductItemCards',
  method: 'GET',
  path: '/products/item-cards',
  tags,
  summary: 'İçerik seçimi için depolanabilir ürünleri listeler',
  access,
  answer: ItemCardList,
});

export const getSellableProductStock = operation({
  operationId: 'getSellableProductStock',
  method: 'GET',
  path: '/products/:id/stocks',
  tags,
  summary: 'Satılabilir ürünün fiyatını ve stok durumunu getirir',
  access: read,
  params: IdParams,
  answer: ProductStocks,
  errors: [404],
});

/** The product form says, before saving, which baskets and orders an edit reaches (decision 100). */
export const getSellableProductOpenUsage = operation({
  operationId: 'getSellableProductOpenUsage',
  method: 'GET',
  path: '/products/:id/open-usage',
  tags,
  summary: 'Satılabilir ürünün açık sepet ve siparişlerdeki kullanımını verir',
  access,
  params: IdParams,
  answer: ProductOpenUsage,
  errors: [404],
});

export const createSellableProduct = operation({
  operationId: 'createSellableProduct',
  method: 'POST',
  path: '/products',
  tags,
  summary: 'Satılabilir ürün tanımlar',
  access,
  body: CreateProductBody,
  answer: Product,
  errors: [409],
});

export const updateSellableProduct = operation({
  operationId: 'updateSellableProduct',
  method: 'PUT',
  path: '/products',
  tags,
  summary: 'Satılabilir ürünü ve içeriğini günceller',
  access,
  body: UpdateProductBody,
  answer: Product,
  errors: [404, 409],
});

export const countSellableProducts = operation({
  operationId: 'countSellableProducts',
  method: 'GET',
  path: '/dashboard/listing-product-count',
  tags,
  summary: 'Satılabilir ürün sayısını verir',
  access: 'DASHBOARD',
  answer: ProductCount,
});
