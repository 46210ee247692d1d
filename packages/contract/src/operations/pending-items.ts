import { operation } from '../operation.ts';
import {
  ApprovePendingProductItemBody,
  IdParams,
  PendingProductItemAsList,
  PendingProductItemList,
  ProductItem,
} from '../products.ts';

// Items the ERP sent wait here until someone defines them.
const tags = ['Ürün onayı'];
const access = 'PRODUCT_APPROVAL';

export const listPendingProductItems = operation({
  operationId: 'listPendingProductItems',
  method: 'GET',
  path: '/pending-product-item',
  tags,
  summary: 'Onay bekleyen ürünleri listeler',
  access,
  answer: PendingProductItemList,
});

export const getPendingProductItem = operation({
  operationId: 'getPendingProductItem',
  method: 'GET',
  path: '/pending-product-item/:id',
  tags,
  summary: 'Onay bekleyen ürünü getirir',
  description: 'The record comes as an array of one element (the approval screen reads the first).',
  access,
  params: IdParams,
  answer: PendingProductItemAsList,
  errors: [404],
});

export const approvePendingProductItem = operation({
  operationId: 'approvePendingProductItem',
  method: 'POST',
  path: '/pending-product-item',
  tags,
  summary: 'Onay bekleyen ürünü tanımlar ve kuyruktan çıkarır',
  description:
    'Defines the item from the form (a known stock code updates it) and answers the item; `id` names the pending record, without it the stock code finds it.',
  access,
  body: ApprovePendingProductItemBody,
  answer: ProductItem,
  errors: [404, 409],
});
