import * as productItems from '@mandira/contract/operations/product-items';
import type { ProductItem } from '@mandira/contract/products';
import { useQuery } from '@tanstack/react-query';
import { STOCK_KEY } from './orders.ts';
import { operationQuery } from './query.ts';

/**
 * One item with its stock lines and every lot of them, under the stock items' key: a movement and an
 * item's change both read it again. Without an id the caller leaves the query disabled, so it is never sent.
 */
export const productItemQuery = (id: number | undefined) =>
  operationQuery([...STOCK_KEY, 'items'], productItems.getProductItem, { params: { id: id as number } });

/** Whether a list cut the lots of one of the item's lines: a list carries each line's first ones. */
export const hasCutLots = (item: ProductItem) => item.stocks.some((line) => line.lotCount > line.lots.length);

/**
 * The item with every lot of its lines (decision 170): the list's own row when it carries them all, the
 * item read by its id when the list cut some. `item` is null while that read is under way.
 */
export function useItemWithAllLots(listed: ProductItem | null) {
  const cut = listed !== null && hasCutLots(listed);
  const whole = useQuery({ ...productItemQuery(listed?.id), enabled: cut });
  return {
    item: cut ? (whole.data ?? null) : listed,
    loading: cut && whole.isPending,
    error: cut ? whole.error : null,
  };
}
