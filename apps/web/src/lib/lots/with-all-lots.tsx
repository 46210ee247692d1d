import type { ProductItem } from '@mandira/contract/products';
import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useItemWithAllLots } from '../../api/product-item.ts';

/**
 * Renders `children` with the item carrying every lot of its lines: a list's row carries each line's
 * first lots only, so the item is read by its id when the row was cut (decision 170).
 */
export function WithAllLots({
  item: listed,
  children,
}: {
  item: ProductItem;
  children: (item: ProductItem) => ReactNode;
}) {
  const { item, loading, error } = useItemWithAllLots(listed);
  if (error)
    return (
      <Alert color="red" title="Ürünün partileri okunamadı">
        {error.message}
      </Alert>
    );
  if (loading || !item) return <Loader size="sm" aria-label="Ürünün partileri yükleniyor" />;
  return children(item);
}
