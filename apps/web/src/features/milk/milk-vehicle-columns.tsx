import type { MilkVehicle } from '@mandira/contract/milk';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { vehicleIdentityColumns } from '../../lib/vehicles/vehicle-columns.tsx';
import { formatLitres } from './milk-format.ts';

const litres = (id: keyof MilkVehicle, header: string, bold = false): DataTableColumn<MilkVehicle> => ({
  id,
  header,
  value: (vehicle) => vehicle[id],
  render: (vehicle) => (
    <Text fz="sm" fw={bold ? 600 : undefined}>
      {formatLitres(vehicle[id] as number)}
    </Text>
  ),
  align: 'right',
  noWrap: true,
});

export const MILK_VEHICLE_COLUMNS: DataTableColumn<MilkVehicle>[] = [
  ...vehicleIdentityColumns<MilkVehicle>('Satın Alma Yılı'),
  { id: 'tankerCount', header: 'Tank Sayısı', value: (vehicle) => vehicle.tankerCount, align: 'right' },
  litres('tankerVolumePerUnit', 'Tank Hacmi (L)'),
  litres('totalVolume', 'Toplam Hacim (L)', true),
];
