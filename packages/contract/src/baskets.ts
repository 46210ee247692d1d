import { z } from 'zod';
import { idOf, NOT_A_NUMBER, optionalParam, optionalText } from './fields.ts';
import { buyerId, recordId } from './orders.ts';
import { PageFigures, pagingOf } from './paging.ts';
import { ProductStock } from './sellable-products.ts';

/** The cart toast hides after 3 s. */
export const CART_TOAST_MS = 3000;
export const CART_ADDED_MESSAGE = 'Sepete Eklenmiştir';
export const MAX_BOXES_PER_LINE = 100_000;

/** Boxes of a basket line: a whole number ≥ 1; missing counts as 1 (docs/domain/orders.md). */
const boxQuantity = z
  .number(NOT_A_NUMBER)
  .int('Koli adedi tam sayı olmalıdır.')
  .min(1, 'Koli adedi en az 1 olmalıdır.')
  .max(MAX_BOXES_PER_LINE, `Koli adedi en fazla ${MAX_BOXES_PER_LINE} olabilir.`)
  .nullish()
  .transform((value) => value ?? 1);

const productId = idOf('Geçerli bir ürün seçiniz.');

/** `POST /admin/baskets` adds boxes (the same product again raises its line). */
export const AddToBasketBody = z.object({ buyerId, productId, boxQuantity });
export type AddToBasketBody = z.input<typeof AddToBasketBody>;

/** `PUT /admin/baskets` sets a line's boxes. */
export const SetBasketLineBody = AddToBasketBody;
export type SetBasketLineBody = z.input<typeof SetBasketLineBody>;

/**
 * `POST /admin/baskets/{itemId}/delete {buyerId}`: itemId is the basket line's id.
 * `POST /admin/baskets/cancel {buyerId}` empties the buyer's basket (the screen asks first).
 * Every basket call answers with that buyer's basket (empty lines once cancelled or placed).
 */
export const BasketLineParams = z.object({ itemId: recordId });
export const BuyerOfBasketBody = z.object({ buyerId });
export type BuyerOfBasketBody = z.input<typeof BuyerOfBasketBody>;

/** The product of a basket line at today's catalogue price (TL per piece). */
export const BasketProduct = ProductStock.pick({
  id: true,
  name: true,
  stockCode: true,
  barcode: true,
  quantityInsideBox: true,
  price: true,
  discount: true,
})
  .describe(
    "The sellable product at today's catalogue price: `price` and `discount` in Turkish lira per piece " +
      '(two decimals), `quantityInsideBox` pieces per box.',
  )
  .meta({ id: 'BasketProduct' });

export const BasketItem = z
  .object({
    id: z
      .number()
      .int()
      .describe(
        'The basket LINE id (the `itemId` of `POST /admin/baskets/{itemId}/delete`), not the product id.',
      ),
    productId: z.number().int().describe('The sellable product id.'),
    product: BasketProduct,
    boxQuantity: z.number().int().describe('Boxes.'),
    /** Pieces: boxes × pieces per box. */
    quantity: z.number().int().describe('Pieces: boxes × pieces per box.'),
    /** pieces × (price − discount) at today's catalogue price. */
    totalPrice: z
      .number()
      .describe("Turkish lira, two decimals: pieces × (price − discount, never below 0) at today's price."),
  })
  .meta({ id: 'BasketItem' });
export type BasketItem = z.infer<typeof BasketItem>;

export const Basket = z
  .object({
    id: z.number().int().describe("The basket's id (one basket per buyer)."),
    buyerId: z.number().int(),
    buyer: z.object({
      id: z.number().int(),
      title: z.string(),
      name: z.string().describe("Name and surname, 'Ad Soyad'; '' when neither is known."),
      code: z.string(),
    }),
    basketItems: z
      .array(BasketItem)
      .describe('The lines in the order they were added; empty once emptied or placed.'),
    totalPrice: z.number().describe("Turkish lira, two decimals: the lines' totals summed."),
  })
  .meta({ id: 'Basket' });
export type Basket = z.infer<typeof Basket>;

/** `GET /admin/baskets`: every buyer's basket that holds a line. */
export const BasketList = z.array(Basket);

export const MAX_BASKET_PAGE_SIZE = 100;

/**
 * `GET /admin/baskets[?q=&buyerId=&page=&size=]`, by buyer title. `q` finds the buyer by title, code or
 * name (Turkish case-insensitive). With `page` or `size` the answer is a `BasketPage`; without both it
 * is the API's plain array: one basket per buyer at most, so it grows with the buyers, not with time
 * (docs/decisions/0116-baskets-item-catalogue-page-search-sql-unpaged.md).
 */
export const BasketListQuery = z.object({
  q: optionalParam(optionalText(100)),
  buyerId: optionalParam(idOf('Geçerli bir müşteri seçiniz.')),
  ...pagingOf(MAX_BASKET_PAGE_SIZE),
});
export type BasketListQuery = z.input<typeof BasketListQuery>;

export const BasketPage = z
  .object({
    baskets: z.array(Basket).describe('This page of the filled baskets, by buyer title.'),
    ...PageFigures,
    totalPages: PageFigures.totalPages.describe('At least 1, also when no basket matches.'),
  })
  .meta({ id: 'BasketPage' });
export type BasketPage = z.infer<typeof BasketPage>;
