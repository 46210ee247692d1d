import type { ProductItem } from '@mandira/contract/products';
import { Stack, Text } from '@mantine/core';
import { LotTable } from './lot-table.tsx';
import { WithAllLots } from './with-all-lots.tsx';

/**
 * An item's lots per warehouse, each line that holds pieces with its own table ('Partiler'). A list's
 * row carries each line's first lots only, so the whole breakdown is read by the item's id when the
 * row was cut (decision 170).
 */
export function ItemLots({ item }: { item: ProductItem }) {
  return <WithAllLots item={item}>{(whole) => <LineLots item={whole} />}</WithAllLots>;
}

function LineLots({ item }: { item: ProductItem }) {
  const held = item.stocks.filter((line) => line.lots.length > 0);
  if (held.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Hiçbir depoda stok yok
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="item-lots">
      {held.map((line) => (
        <Stack key={line.id} gap={4}>
          <Text fz="sm" fw={600}>
            {line.wareHouse.label}
          </Text>
          <LotTable
            lots={line.lots}
            quantityInBox={item.quantityInBox}
            caption={`${line.wareHouse.label} partileri`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
