import type { Warehouse } from '@mandira/contract/stock';
import { Group, Progress, Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatNumber } from '../../lib/format.ts';

const number = (
  id: 'capacityInM3' | 'surfaceAreaInSquareMeters',
  header: string,
): DataTableColumn<Warehouse> => ({
  id,
  header,
  value: (warehouse) => warehouse[id],
  render: (warehouse) => formatNumber(warehouse[id], 1),
  align: 'right',
  noWrap: true,
});

const occupancyColor = (rate: number) => (rate >= 90 ? 'red' : rate >= 70 ? 'orange' : 'teal');

/** The own-warehouse table of spec §2. */
export const WAREHOUSE_COLUMNS: DataTableColumn<Warehouse>[] = [
  { id: 'id', header: 'ID', value: (warehouse) => warehouse.id, align: 'right', width: 60 },
  { id: 'name', header: 'Depo Adı', value: (warehouse) => warehouse.name, noWrap: true },
  {
    id: 'shortName',
    header: 'Kısa Ad',
    minWidth: 110,
    value: (warehouse) => warehouse.shortName,
    render: (warehouse) => (
      <Text fz="sm" fw={600}>
        {warehouse.shortName}
      </Text>
    ),
  },
  { id: 'description', header: 'Açıklama', value: (warehouse) => warehouse.description, minWidth: 120 },
  { id: 'address', header: 'Adres', value: (warehouse) => warehouse.address, minWidth: 140 },
  { id: 'phone', header: 'Telefon', value: (warehouse) => warehouse.phone, noWrap: true },
  number('capacityInM3', 'Kapasite (m³)'),
  {
    id: 'warehouseType',
    header: 'Depo Tipi',
    value: (warehouse) => warehouse.warehouseTypeDescription.label,
    minWidth: 150,
  },
  number('surfaceAreaInSquareMeters', 'Yüzey Alanı (m²)'),
  {
    id: 'estimatedOccupancyRate',
    header: 'Doluluk (%)',
    value: (warehouse) => warehouse.estimatedOccupancyRate,
    render: (warehouse) => (
      <Group gap={8} wrap="nowrap" justify="flex-end">
        <Progress
          value={Math.min(100, warehouse.estimatedOccupancyRate)}
          color={occupancyColor(warehouse.estimatedOccupancyRate)}
          w={60}
          size="sm"
          aria-hidden
        />
        <Text fz="sm">%{formatNumber(warehouse.estimatedOccupancyRate, 1)}</Text>
      </Group>
    ),
    align: 'right',
    noWrap: true,
  },
];
