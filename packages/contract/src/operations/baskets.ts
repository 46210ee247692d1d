import { z } from 'zod';
import {
  AddToBasketBody,
  Basket,
  BasketLineParams,
  BasketList,
  BasketListQuery,
  BasketPage,
  BuyerOfBasketBody,
  SetBasketLineBody,
} from '../baskets.ts';
import { operation } from '../operation.ts';
import { ApplyToOrderBody, Order } from '../orders.ts';

// Baskets are filled on the order-taking screen and turned into orders on the baskets screen.
const tags = ['Sepetler'];
const access = ['ORDER_TAKING', 'BASKET_MANAGEMENT'] as const;

export const listBaskets = operation({
  operationId: 'listBaskets',
  method: 'GET',
  path: '/admin/baskets',
  tags,
  summary: 'Dolu sepetleri listeler',
  description:
    'The baskets holding a line, by buyer title; `q` finds the buyer by title, code or name. With ' +
    '`page` or `size` one page (`BasketPage`), without both an array.',
  access,
  query: BasketListQuery,
  answer: z.union([BasketList, BasketPage]),
});

export const addToBasket = operation({
  operationId: 'addToBasket',
  method: 'POST',
  path: '/admin/baskets',
  tags,
  summary: 'Sepete ürün ekler',
  description:
    "Adds boxes of a product to the buyer's basket (the same product again raises its line) and " +
    "answers the buyer's basket. 409 when the stock cannot give them, 422 past a bound.",
  access,
  body: AddToBasketBody,
  answer: Basket,
  errors: [404, 409, 422],
});

export const setBasketLine = operation({
  operationId: 'setBasketLine',
  method: 'PUT',
  path: '/admin/baskets',
  tags,
  summary: 'Sepetteki ürünün koli adedini değiştirir',
  description: "Sets the boxes of a product already in the buyer's basket; answers the buyer's basket.",
  access,
  body: SetBasketLineBody,
  answer: Basket,
  errors: [404, 409, 422],
});

export const deleteBasketLine = operation({
  operationId: 'deleteBasketLine',
  method: 'POST',
  path: '/admin/baskets/:itemId/delete',
  tags,
  summary: 'Sepetten bir satırı siler',
  description: "`itemId` is the basket line's id (`BasketItem.id`); answers the buyer's basket.",
  access,
  params: BasketLineParams,
  body: BuyerOfBasketBody,
  answer: Basket,
  errors: [404],
});

export const emptyBasket = operation({
  operationId: 'emptyBasket',
  method: 'POST',
  path: '/admin/baskets/cancel',
  tags,
  summary: 'Müşterinin sepetini boşaltır',
  description: "Empties the buyer's basket, releasing what it reserved; answers the (empty) basket.",
  access,
  body: BuyerOfBasketBody,
  answer: Basket,
  errors: [404],
});

export const placeBasketOrder = operation({
  operationId: 'placeBasketOrder',
  method: 'POST',
  path: '/admin/baskets/apply-to-order',
  tags,
  summary: 'Sepeti siparişe dönüştürür',
  description:
    "The buyer's basket becomes an order waiting for review and the basket empties. 409 when the " +
    'stock no longer gives the lines, 422 for an empty basket, a branch of another buyer or a bound.',
  access,
  body: ApplyToOrderBody,
  answer: Order,
  errors: [404, 409, 422],
});

export const countBaskets = operation({
  operationId: 'countBaskets',
  method: 'GET',
  path: '/dashboard/basket-count',
  tags,
  summary: 'Dolu sepet sayısını verir',
  access: 'DASHBOARD',
  answer: z.number().int().describe('Baskets holding at least one line.'),
});
