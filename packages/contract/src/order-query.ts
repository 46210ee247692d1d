import { z } from 'zod';
import { day, idOf, NOT_A_NUMBER, NOT_A_TEXT, optionalParam, text } from './fields.ts';
import { Order, OrderList } from './order-answers.ts';
import { OrderStatus } from './order-machines.ts';
import { OperationType } from './orders.ts';
import { COUNT_LIMIT, countCapped } from './paging.ts';
import type { PrivilegeKey } from './roles.ts';

/** The search periods of the order screen in days, and 'Tüm zamanlar', no bound on the day. */
export const ALL_TIME_PERIOD = 0;
export const ORDER_SEARCH_PERIODS = [1, 7, 30, 90, 180, 365, ALL_TIME_PERIOD] as const;
/**
 * The screen opens on every order still to review, however old (decision 141): a period would hide
 * some of the work Ana Sayfa counts.
 */
export const DEFAULT_ORDER_SEARCH_PERIOD = ALL_TIME_PERIOD;
/** The status filter the order screen opens with (docs/domain/orders.md, "Lists of orders"). */
export const DEFAULT_ORDER_STATUS_FILTER: readonly OrderStatus[] = ['WAITING_FOR_REVIEW', 'IN_REVIEW'];
export const MAX_ORDER_PAGE_SIZE = 500;

/** A filter left out, null or an empty list is not used. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max, `En fazla ${max} değer gönderilebilir.`)
    .nullish()
    .transform((list) => (list && list.length > 0 ? list : undefined));
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined);

const amount = z
  .number(NOT_A_NUMBER)
  .min(0, 'Tutar negatif olamaz.')
  .max(1_000_000_000_000, 'Tutar çok büyük.');

const paging = {
  /** Paging is optional: without `page` and `size` every matching order comes back as an array. */
  page: optionalParam(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.')),
  size: optionalParam(
    idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.').pipe(
      z.number().max(MAX_ORDER_PAGE_SIZE, `Sayfa boyutu en fazla ${MAX_ORDER_PAGE_SIZE} olabilir.`),
    ),
  ),
};

/**
 * `POST /orders/filter-by-query` (and `POST /orders/filter`): every filter optional, an empty query is
 * every order; dates are Istanbul days, amounts bound the dealt total; newest first.
 */
const OrderQueryFields = z
  .object({
    /** The screen parses the number typed and sends a list. */
    orderNumbers: listOf(idOf('Sipariş numarası 1 veya daha büyük bir tam sayı olmalıdır.'), 1000),
    /** The screen splits what is typed on commas. */
    buyerCodes: listOf(text(NOT_A_TEXT).trim().min(1).max(50), 1000),
    orderStatuses: listOf(OrderStatus, 20),
    fromCreateDate: optional(day({ cutTime: true })),
    toCreateDate: optional(day({ cutTime: true })),
    minAmount: optional(amount),
    maxAmount: optional(amount),
    buyerRequestReferenceCode: optional(text(NOT_A_TEXT).trim().max(100)),
    /**
     * Only the orders whose every item is delivered or canceled, at least one delivered, still in
     * progress: they wait for 'Siparişi Tamamla' (docs/domain/my-work.md).
     */
    awaitingCompletion: optional(z.boolean({ error: "'true' veya 'false' olmalıdır." })),
    ...paging,
  })
  .superRefine((query, ctx) => {
    if (query.fromCreateDate && query.toCreateDate && query.toCreateDate < query.fromCreateDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['toCreateDate'],
        message: 'Bitiş tarihi başlangıç tarihinden önce olamaz.',
      });
    }
    if (query.minAmount !== undefined && query.maxAmount !== undefined && query.maxAmount < query.minAmount) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'En yüksek tutar en düşük tutardan küçük olamaz.',
      });
    }
  });
/** A search sent without a body is the empty query: every order. */
export const OrderQuery = z.preprocess((body) => body ?? {}, OrderQueryFields);
export type OrderQuery = z.input<typeof OrderQueryFields>;

/** `GET /orders[?page=&size=]`. */
export const OrderListQuery = z.object(paging);

/** `GET /orders/filter?operationType=[&page=&size=]`: one screen's orders, paged when asked. */
export const OrderViewQuery = z.object({ operationType: OperationType, ...paging });

/**
 * The privileges that may read some screen's order list (review, warehouse, shipping): the route lets
 * them in and the list checks the one its `operationType` needs.
 */
export const ORDER_VIEW_ACCESS: readonly PrivilegeKey[] = [
  'ORDER_REVIEW',
  'WAREHOUSE_OPERATIONS',
  'SHIPMENT_LOAD_ACCEPTANCE',
  'SHIPMENT_MANAGEMENT',
];

/** A paged answer; unpaged answers are plain arrays. */
export const OrderPage = z
  .object({
    orders: z.array(Order).describe('The orders of the page, newest first.'),
    page: z.number().int().describe('The page answered, from 1.'),
    size: z.number().int().describe('Orders per page.'),
    count: z
      .number()
      .int()
      .describe(
        `How many orders matched in all, or ${COUNT_LIMIT} with \`countCapped\` when more did: the pages ` +
          `then reach the newest ${COUNT_LIMIT} (decision 149), older ones are found by dates.`,
      ),
    countCapped,
    totalPages: z.number().int().describe('Pages of `size` the matching orders fill; at least 1.'),
  })
  .meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof OrderPage>;

/** An unpaged answer holds at most the newest this many orders, and says so in its headers (decision 113). */
export const ORDER_UNPAGED_LIMIT = 2000;

/** A list of orders: a page when `page` or `size` is asked, else the unpaged array. */
export const OrderListOrPage = z
  .union([OrderList, OrderPage])
  .describe(
    `With \`page\` or \`size\`: one page (OrderPage). Without both: an array of the newest ${ORDER_UNPAGED_LIMIT} ` +
      'matching orders at most, newest first; the `X-Total-Count` header says how many matched, and ' +
      '`X-Unpaged-Limit` is sent when the array was cut at that limit. More than ' +
      `${COUNT_LIMIT} matching orders are counted as ${COUNT_LIMIT}, with \`X-Total-Count-Capped: true\`.`,
  )
  .meta({ id: 'OrderListOrPage' });
