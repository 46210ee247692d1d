import type { ProductItem } from '@mandira/contract/products';
import { Group, Modal, Stack, Text } from '@mantine/core';
import { ItemLots } from '../../lib/lots/item-lots.tsx';
import { piecesAndBoxes } from './stock-format.ts';

/** 'Partiler': what each warehouse's stock of an item is made of, lot by lot, earliest expiry first. */
export function LotsModal({ item, onClose }: { item: ProductItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} size="xl" title="Partiler">
      {item && (
        <Stack gap="sm">
          <Group justify="space-between" data-testid="lots-subject">
            <Text fw={600}>
              {item.stockCode} - {item.name}
            </Text>
            <Text fz="sm">
              Toplam stok: <b>{piecesAndBoxes(item.totalStockQuantity, item.quantityInBox)}</b>
            </Text>
          </Group>
          <ItemLots item={item} />
        </Stack>
      )}
    </Modal>
  );
}
