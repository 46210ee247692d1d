import { storageFormOf } from '@mandira/contract/products';
import { ActionIcon, Paper, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { BundleDraft } from './bundle-lines.ts';

type Props = { lines: readonly BundleDraft[]; onRemove?: (productItemId: number) => void };

/** The bundle list area is at most 250px high and scrolls beyond that. */
export const BUNDLE_LIST_MAX_HEIGHT = 250;

/** The contents of a sellable product; with `onRemove` it is the editable sub-table of the form. */
export function BundleTable({ lines, onRemove }: Props) {
  return (
    <Paper withBorder radius="md">
      <ScrollArea.Autosize mah={BUNDLE_LIST_MAX_HEIGHT} type="auto" data-testid="bundle-table">
        <Table striped verticalSpacing="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ürün</Table.Th>
              <Table.Th>Stok Kodu</Table.Th>
              <Table.Th>Barkod</Table.Th>
              <Table.Th>Ambalaj</Table.Th>
              <Table.Th ta="right">Miktar</Table.Th>
              {onRemove && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={onRemove ? 6 : 5}>
                  <Text fz="sm" c="dimmed" ta="center" py="xs">
                    İçerik eklenmedi
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              lines.map(({ card, quantity }) => (
                <Table.Tr key={card.id}>
                  <Table.Td fz="sm" fw={600}>
                    {card.name}
                  </Table.Td>
                  <Table.Td fz="sm">{card.stockCode}</Table.Td>
                  <Table.Td fz="sm">{card.barcode}</Table.Td>
                  <Table.Td fz="sm">{storageFormOf(card)}</Table.Td>
                  <Table.Td fz="sm" ta="right">
                    {quantity} adet
                  </Table.Td>
                  {onRemove && (
                    <Table.Td w={48}>
                      <Tooltip label="Çıkar">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${card.name} içerikten çıkar`}
                          onClick={() => onRemove(card.id)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}
