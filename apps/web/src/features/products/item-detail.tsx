import {
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type ProductItem,
  packagingGroupLabel,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { ItemLots } from '../../lib/lots/item-lots.tsx';

function Field({ label, children, locked }: { label: string; children: ReactNode; locked?: boolean }) {
  return (
    <Stack gap={2}>
      <Group gap={4}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {locked && <IconLock size={12} aria-label="Dondurulmuş" color="var(--mantine-color-gray-6)" />}
      </Group>
      <Text fz="sm">{children === '' || children === null ? '—' : children}</Text>
    </Stack>
  );
}

/** 'Detaylı İncele': every field of the item, read-only, with its stock per warehouse. */
export function ItemDetail({ item }: { item: ProductItem }) {
  return (
    <Stack gap="md" data-testid="item-detail">
      {item.frozen && (
        <Badge color="gray" variant="light" leftSection={<IconLock size={12} />} w="fit-content">
          Dondurulmuş: ambalaj tipi, birim tipi ve birim miktarı değiştirilemez
        </Badge>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Field label="Ürün adı">{item.name}</Field>
        <Field label="Stok kodu">{item.stockCode}</Field>
        <Field label="Barkod">{item.barcode}</Field>
        <Field label="Depo stok tipi">{WAREHOUSE_STOCK_TYPE_LABELS[item.warehouseStockType]}</Field>
        <Field label="Ambalaj tipi" locked={item.frozen}>
          {PACKAGING_TYPE_LABELS[item.packagingType]}
        </Field>
        <Field label="Birim" locked={item.frozen}>
          {formatNumber(item.packagingUnitTypeAmount, 3)} {PACKAGING_UNIT_TYPE_LABELS[item.packagingUnitType]}
        </Field>
        <Field label="Ambalaj grubu">{packagingGroupLabel(item.packagingGroup)}</Field>
        <Field label="Ölçüler (G × U × Y)">
          {[item.width, item.length, item.height].map((n) => formatNumber(n)).join(' × ')} cm
        </Field>
        <Field label="Koli içi adet">{formatNumber(item.quantityInBox)}</Field>
        <Field label="Toplam stok">{formatNumber(item.totalStockQuantity)} adet</Field>
        <Field label="Yaklaşık koli">{formatNumber(item.boxQuantity)}</Field>
      </SimpleGrid>
      <Field label="Notlar">{item.notes}</Field>
      <Paper withBorder radius="md">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Depo</Table.Th>
              <Table.Th ta="right">Adet</Table.Th>
              <Table.Th ta="right">Koli</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.stocks.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text fz="sm" c="dimmed" ta="center">
                    Stok bilgisi yok
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              item.stocks.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.wareHouse.label}</Table.Td>
                  <Table.Td ta="right">{formatNumber(line.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(line.boxQuantity)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap={6}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          Partiler
        </Text>
        <ItemLots item={item} />
      </Stack>
    </Stack>
  );
}
