import { z } from 'zod';
import { BOX_PRICE_TOO_LARGE_MESSAGE, MAX_MONEY } from './bounds.ts';
import { atMostDecimals, idOf, text } from './fields.ts';
import { EnumDescription, PackagingType, PackagingUnitType } from './products.ts';
import { recordVersion, versionField } from './record-version.ts';

export const DUPLICATE_BUNDLE_ITEM_MESSAGE = 'Bu ürün zaten içindekiler listesinde mevcut.';
export const INVALID_BUNDLE_LINE_MESSAGE = 'Lütfen geçerli bir ürün ve miktar seçiniz.';

/** 0/1 as the API answers it; a boolean is taken too, and a missing flag is 1. */
const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .optional()
  .transform((value) => (value === undefined ? 1 : (Number(value) as 0 | 1)));
const money = z
  .number()
  .min(0)
  .max(1_000_000_000)
  .refine(...atMostDecimals(2))
  .optional()
  .default(0);
const optionalCode = text()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => value || null);

const itemId = idOf(INVALID_BUNDLE_LINE_MESSAGE);

export const BundleLineInput = z.object({
  productItemId: itemId,
  quantity: z.number().int().min(1, 'Miktar en az 1 olmalıdır.').max(1_000_000),
});
export type BundleLineInput = z.infer<typeof BundleLineInput>;

/** Fields of the sellable product form with their defaults (docs/domain/products-and-reservations.md). */
const productFields = {
  name: text().trim().min(1).max(200),
  stockCode: optionalCode,
  barcode: optionalCode,
  price: money,
  discount: money,
  onlineListingAvailable: flag,
  truckShippingAvailable: flag,
  quantityInsideBox: z.number().int().min(0).max(1_000_000).optional().default(0),
  notes: text()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => value ?? ''),
  productBundle: z.array(BundleLineInput).max(100).optional(),
  /** The screen sends the item ids too; alone they mean one piece of each. */
  productItemIds: z.array(itemId).max(100).optional(),
};

export const DISCOUNT_ABOVE_PRICE_MESSAGE = 'İndirim (adet başına ₺) fiyattan büyük olamaz.';

/**
 * The discount is TL per piece: between 0 and the price, so a net unit price is never below 0. A box at
 * the price fits the money column, so one box of any product can be ordered (decision 94).
 */
const discountWithinPrice = (
  body: { price: number; discount: number; quantityInsideBox: number },
  ctx: z.RefinementCtx,
) => {
  if (body.discount > body.price) {
    ctx.addIssue({ code: 'custom', path: ['discount'], message: DISCOUNT_ABOVE_PRICE_MESSAGE });
  }
  if (body.quantityInsideBox * body.price > MAX_MONEY) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: BOX_PRICE_TOO_LARGE_MESSAGE });
  }
};

export const CreateProductBody = z.object(productFields).superRefine(discountWithinPrice);
export type CreateProductBody = z.input<typeof CreateProductBody>;
export const UpdateProductBody = z
  .object({ id: idOf('Geçerli bir ürün numarası giriniz.'), ...productFields, ...versionField })
  .superRefine(discountWithinPrice);
export type UpdateProductBody = z.input<typeof UpdateProductBody>;

/** The product form's own fields (its bundle lines are edited apart), with the same discount rule. */
export const ProductFormBody = z
  .object(productFields)
  .omit({ productBundle: true, productItemIds: true })
  .superRefine(discountWithinPrice);

/** A line of a product's bundle, with its item's card. */
export const BundleLine = z
  .object({
    id: z.number().int().describe('The bundle line id, not the item id (that is `productItemId`).'),
    productItemId: z.number().int().describe('The stockable item of the line.'),
    quantity: z.number().int().describe('Pieces of the item in one piece of the product.'),
    name: text().describe("The item's name."),
    stockCode: text(),
    barcode: text(),
    packagingGroup: text().describe("The item's packaging group, e.g. '1500 GRAM'."),
    packagingType: PackagingType,
    packagingUnitType: PackagingUnitType,
    packagingUnitTypeAmount: z.number(),
    packagingTypeDescription: EnumDescription,
    packagingUnitTypeDescription: EnumDescription,
  })
  .meta({ id: 'BundleLine' });
export type BundleLine = z.infer<typeof BundleLine>;

const pricePerPiece = z.number().describe('Turkish lira per piece, two decimals.');
const flagAnswer = z.union([z.literal(0), z.literal(1)]);
const ProductFields = z.object({
  id: z.number().int().describe('The sellable product id.'),
  version: recordVersion,
  name: text(),
  stockCode: text().nullable().describe('Unique when given.'),
  barcode: text().nullable().describe('Unique when given.'),
  price: pricePerPiece,
  discount: z.number().describe('Turkish lira off the price per piece, two decimals; at most the price.'),
  onlineListingAvailable: flagAnswer.describe('1: listed for online orders.'),
  truckShippingAvailable: flagAnswer.describe('1: can be shipped by truck.'),
  quantityInsideBox: z.number().int().describe('Pieces in one box; 0 when not sold by the box.'),
  notes: text(),
  productBundle: z.array(BundleLine).describe('The items one piece is made of, by line id.'),
  productItemIds: z.array(z.number().int()).describe('The item ids of `productBundle`, in its order.'),
  /** Packaging groups of the bundle's items, for the order screen's group selector. */
  packagingGroups: z.array(text()).describe("Packaging groups of the bundle's items, each once."),
});

/**
 * Stock figures of a sellable product in pieces (docs/domain/products-and-reservations.md): on hand =
 * min over bundle lines of ⌊item stock ÷ line quantity⌋; the pieces of it in expired lots; this product's
 * pieces in baskets and in open order items; available = min over bundle lines of ⌊(item stock − expired −
 * reserved) ÷ line quantity⌋, where an item's reservations count every product that shares it (negative
 * after a goods-out, or an expiry, below what is promised); whole boxes of it, ≥ 0 (decision 155).
 */
export const StockFigures = z.object({
  warehouseStockCount: z
    .number()
    .int()
    .describe(
      'Pieces on hand: min over the bundle lines of ⌊item stock ÷ line quantity⌋; 0 without a bundle.',
    ),
  expiredStockCount: z
    .number()
    .int()
    .describe(
      'Pieces of warehouseStockCount in lots whose expiry date is before today (Istanbul): on hand, but never promised or loaded.',
    ),
  waitingInBasketStockCount: z.number().int().describe("This product's pieces in baskets."),
  waitingInOrderStockCount: z
    .number()
    .int()
    .describe("This product's pieces in open order items, not yet loaded."),
  availableStockCount: z
    .number()
    .int()
    .describe(
      'Pieces that can still be promised: on hand − expired − reserved; negative after a goods-out or an expiry below what is promised.',
    ),
  availableBoxCount: z
    .number()
    .int()
    .describe('Whole boxes of availableStockCount, never below 0; 0 when not sold by the box.'),
  sharingProductCount: z
    .number()
    .int()
    .describe(
      'Other products whose bundle holds one of its items: their baskets and orders are deducted from the same pieces.',
    ),
});
export type StockFigures = z.infer<typeof StockFigures>;

/** `GET /products?packagingGroup=`: the sellable product list, which is also the order screen's list. */
export const Product = ProductFields.extend(StockFigures.shape).meta({
  id: 'SellableProduct',
  description: 'A sellable product with its bundle and its stock figures in pieces.',
});
/** `GET /products`: by name. */
export const ProductList = z.array(Product);
/** The dashboard's count of sellable products. */
export const ProductCount = z.number().int().describe('How many sellable products are defined.');
export type Product = z.infer<typeof Product>;

export const ProductQuery = z.object({ packagingGroup: text().trim().max(100).optional() });
export type ProductQuery = z.infer<typeof ProductQuery>;

/** The order-screen product (`GET /products/{id}/stocks`): price and discount in TL per piece. */
export const ProductStock = z
  .object({
    id: z.number().int(),
    name: text(),
    stockCode: text().nullable(),
    barcode: text().nullable(),
    quantityInsideBox: z.number().int().describe('Pieces in one box; 0 when not sold by the box.'),
    price: pricePerPiece,
    discount: z.number().describe('Turkish lira off the price per piece, two decimals.'),
  })
  .extend(StockFigures.shape)
  .meta({
    id: 'ProductStock',
    description: 'A sellable product as the order screen prices it, with its stock figures in pieces.',
  });
export type ProductStock = z.infer<typeof ProductStock>;

/** `GET /products/{id}/stocks`: the figures, and the pieces per own warehouse. */
export const ProductStocks = ProductStock.extend({
  warehouses: z
    .array(
      z.object({
        warehouseId: z.number().int().describe('An own warehouse holding an item of the bundle.'),
        warehouse: text().describe("Its name, 'DEPO1'."),
        warehouseLabel: text().describe("Its name as the screens show it, 'Depo-1'."),
        warehouseStockCount: z.number().int().describe('Pieces on hand there, as the total is counted.'),
        expiredStockCount: z.number().int().describe('Pieces of them in expired lots.'),
        sellableStockCount: z
          .number()
          .int()
          .describe(
            'On hand − expired there. Reservations are not kept per warehouse: what can still be promised is availableStockCount.',
          ),
      }),
    )
    .describe('Per own warehouse holding an item of the bundle, by name.'),
}).meta({
  id: 'ProductStocks',
  description:
    'A sellable product as the order screen prices it, with its stock figures in total and per warehouse.',
});
export type ProductStocks = z.infer<typeof ProductStocks>;

/** An item as the bundle picker shows it. */
export const ItemCard = z
  .object({
    id: z.number().int().describe('The stockable item id.'),
    name: text(),
    stockCode: text(),
    barcode: text(),
    packagingGroup: text(),
    packagingType: PackagingType,
    packagingUnitType: PackagingUnitType,
    packagingUnitTypeAmount: z.number(),
    packagingTypeDescription: EnumDescription,
    packagingUnitTypeDescription: EnumDescription,
  })
  .meta({ id: 'ItemCard', description: 'A stockable item as the bundle picker lists it.' });
/** `GET /products/item-cards`: every item, by name. */
export const ItemCardList = z.array(ItemCard);
export type ItemCard = z.infer<typeof ItemCard>;

/**
 * `GET /products/{id}/open-usage`: where an edit of the product shows (decision 100). Basket lines
 * follow the product, so a new price or bundle applies to them; placed orders keep the price and
 * bundle they were placed with. Open orders are those neither completed nor canceled with an item of
 * the product that is not canceled.
 */
export const ProductOpenUsage = z
  .object({
    productId: z.number().int().describe('The sellable product asked about.'),
    /** Baskets holding the product, and its pieces in them. */
    basketCount: z.number().int().describe('Baskets holding the product.'),
    basketPieces: z.number().int().describe('Its pieces in them.'),
    /** Open orders holding the product, and its pieces in their items. */
    orderCount: z.number().int().describe('Open orders with an item of the product that is not canceled.'),
    orderPieces: z.number().int().describe('Its pieces in their items.'),
  })
  .meta({ id: 'ProductOpenUsage' });
export type ProductOpenUsage = z.infer<typeof ProductOpenUsage>;
