import type { MilkSummary, MilkVolumes } from '@mandira/contract/milk';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDate } from '../../lib/format/format.ts';
import { formatLitres } from './milk-format.ts';

export type DailyRow = MilkSummary['daily'][number];
export type VehicleRow = MilkSummary['byVehicle'][number];
export type DriverRow = MilkSummary['byDriver'][number];

/** The litre columns every figure table shares; the header texts are the Excel headers too. */
export function volumeColumns<T extends MilkVolumes>(): DataTableColumn<T>[] {
  const litres = (id: keyof MilkVolumes, header: string, bold = false): DataTableColumn<T> => ({
    id,
    header,
    value: (row) => row[id],
    render: (row) => (
      <Text fz="sm" fw={bold ? 600 : undefined}>
        {formatLitres(row[id])}
      </Text>
    ),
    align: 'right',
    noWrap: true,
  });
  return [
    litres('cowMilkVolume', 'İnek Sütü (L)'),
    litres('sheepMilkVolume', 'Koyun Sütü (L)'),
    litres('goatMilkVolume', 'Keçi Sütü (L)'),
    litres('totalVolume', 'Toplam (L)', true),
    { id: 'deliveryCount', header: 'Teslimat', value: (row) => row.deliveryCount, align: 'right' },
  ];
}

/** Noon keeps the calendar day whatever the browser's zone. */
const dayText = (date: string) => formatDate(`${date}T12:00:00Z`);

export const DAILY_COLUMNS: DataTableColumn<DailyRow>[] = [
  {
    id: 'date',
    header: 'Tarih',
    value: (row) => row.date,
    render: (row) => dayText(row.date),
    exportValue: (row) => dayText(row.date),
    noWrap: true,
  },
  ...volumeColumns<DailyRow>(),
];

export const VEHICLE_COLUMNS: DataTableColumn<VehicleRow>[] = [
  {
    id: 'licencePlateCode',
    header: 'Plaka',
    value: (row) => row.licencePlateCode,
    render: (row) => (
      <Text fz="sm" fw={600} ff="monospace">
        {row.licencePlateCode}
      </Text>
    ),
    noWrap: true,
  },
  ...volumeColumns<VehicleRow>(),
];

export const DRIVER_COLUMNS: DataTableColumn<DriverRow>[] = [
  { id: 'driverFullName', header: 'Şoför', value: (row) => row.driverFullName },
  ...volumeColumns<DriverRow>(),
];
