import type { Warehouse } from '@mandira/contract/stock';
import { Group, Progress, Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatNumber } from '../../lib/format/format.ts';

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

/** '%12,5'; some stock too little to reach %0,1 is not shown as an empty warehouse. */
const occupancyText = (rate: number) =>
  rate === 0 ? '%0' : rate < 0.1 ? '<%0,1' : `%${formatNumber(rate, 1)}`;

/** The own-warehouse table. */
export const WAREHOUSE_COLUMNS: DataTableColumn<Warehouse>[] = [
  { id: 'id', header: 'ID', value: (warehouse) => warehouse.id, align: 'right', width: 60 },
  // `name` is the stock location's code DEPO{id}; the name people give it is the short name.
  { id: 'name', header: 'Depo Kodu', value: (warehouse) => warehouse.name, noWrap: true },
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
    value: (warehouse) => (warehouse.capacityInM3 > 0 ? warehouse.estimatedOccupancyRate : null),
    // Without a capacity there is nothing to be full of: say so instead of a %0 that looks measured.
    render: (warehouse) =>
      warehouse.capacityInM3 > 0 ? (
        <Group gap={8} wrap="nowrap" justify="flex-end">
          <Progress
            value={Math.min(100, warehouse.estimatedOccupancyRate)}
            color={occupancyColor(warehouse.estimatedOccupancyRate)}
            w={60}
            size="sm"
            aria-hidden
          />
          <Text fz="sm">{occupancyText(warehouse.estimatedOccupancyRate)}</Text>
        </Group>
      ) : (
        <Text fz="sm" c="dimmed" title="Kapasite girilmediği için hesaplanamaz">
          Kapasite yok
        </Text>
      ),
    align: 'right',
    noWrap: true,
  },
];
