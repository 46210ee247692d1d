import { z } from 'zod';
import { idOf, optionalParam } from './fields.ts';

/**
 * Optional `page` and `size` of a list that grows: without both the list keeps its unpaged answer (an
 * array), with either it answers one page and the count (docs/decisions/0116-baskets-item-catalogue-page-search-sql-unpaged.md).
 */
export const pagingOf = (maxSize: number) => ({
  page: optionalParam(idOf('Sayfa 1 veya daha büyük bir tam sayı olmalıdır.')),
  size: optionalParam(
    idOf('Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.').pipe(
      z.number().max(maxSize, `Sayfa boyutu en fazla ${maxSize} olabilir.`),
    ),
  ),
});

/** A paged answer's figures beside its rows. */
export const PageFigures = {
  page: z.number().int(),
  size: z.number().int(),
  count: z.number().int(),
  totalPages: z.number().int(),
};

/** Whether a query asks for a page (either of `page` and `size` given). */
export const isPaged = (query: { page?: number | undefined; size?: number | undefined }) =>
  query.page !== undefined || query.size !== undefined;

/**
 * Decision 149: a list counted row by row stops counting here, and its pages reach no further than its
 * newest COUNT_LIMIT rows, so neither a count nor an OFFSET walks a whole table (rows beyond are asked
 * for by a narrower filter, usually dates).
 */
export const COUNT_LIMIT = 10_000;

/** Beside a page's `count`: set when more rows matched than were counted, `count` being COUNT_LIMIT. */
export const countCapped = z
  .literal(true)
  .optional()
  .describe(
    `Present (true) when more than ${COUNT_LIMIT} rows match and they were not all counted: \`count\` is then ` +
      `${COUNT_LIMIT}, shown as '${COUNT_LIMIT.toLocaleString('tr-TR')}+'.`,
  );
