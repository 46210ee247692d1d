import type { MilkDelivery } from '@mandira/contract/milk';
import { Group, Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { deliveryTimeText, formatLitres } from './milk-format.ts';

type Litres = 'deliveredCowMilkVolume' | 'deliveredSheepMilkVolume' | 'deliveredGoatMilkVolume';

const litres = (id: Litres, header: string): DataTableColumn<MilkDelivery> => ({
  id,
  header,
  value: (delivery) => delivery[id],
  render: (delivery) => formatLitres(delivery[id]),
  align: 'right',
  noWrap: true,
});

const totalOf = (delivery: MilkDelivery) =>
  Math.round(
    (delivery.deliveredCowMilkVolume + delivery.deliveredSheepMilkVolume + delivery.deliveredGoatMilkVolume) *
      10,
  ) / 10;

export const MILK_DELIVERY_COLUMNS: DataTableColumn<MilkDelivery>[] = [
  {
    id: 'vehicleAndDriver',
    header: 'Araç / Şoför',
    value: (delivery) => `${delivery.licencePlateCode} - ${delivery.driverFullName}`,
    render: (delivery) => (
      <Group gap={8} wrap="nowrap">
        <Text fz="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {delivery.licencePlateCode}
        </Text>
        <Text fz="sm" c="dimmed">
          {delivery.driverFullName}
        </Text>
      </Group>
    ),
    minWidth: 220,
  },
  litres('deliveredCowMilkVolume', 'İnek Sütü (L)'),
  litres('deliveredSheepMilkVolume', 'Koyun Sütü (L)'),
  litres('deliveredGoatMilkVolume', 'Keçi Sütü (L)'),
  {
    id: 'total',
    header: 'Toplam (L)',
    value: totalOf,
    render: (delivery) => (
      <Text fz="sm" fw={600}>
        {formatLitres(totalOf(delivery))}
      </Text>
    ),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'deliveryDateTime',
    header: 'Teslimat Zamanı',
    // The ISO text sorts by time; the cell shows it as 'YYYY-MM-DD HH:MM'.
    value: (delivery) => delivery.deliveryDateTime,
    render: (delivery) => deliveryTimeText(delivery.deliveryDateTime),
    exportValue: (delivery) => deliveryTimeText(delivery.deliveryDateTime),
    noWrap: true,
  },
];
