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
