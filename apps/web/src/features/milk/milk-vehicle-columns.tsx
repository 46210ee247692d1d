import type { MilkVehicle } from '@mandira/contract/milk';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
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
  {
    id: 'licencePlateCode',
    header: 'Plaka',
    value: (vehicle) => vehicle.licencePlateCode,
    render: (vehicle) => (
      <Text fz="sm" fw={600} ff="monospace">
        {vehicle.licencePlateCode}
      </Text>
    ),
    noWrap: true,
  },
  { id: 'brand', header: 'Marka', value: (vehicle) => vehicle.brand },
  { id: 'model', header: 'Model', value: (vehicle) => vehicle.model },
  { id: 'productionYear', header: 'Üretim Yılı', value: (vehicle) => vehicle.productionYear, align: 'right' },
  {
    id: 'yearOfPurchase',
    header: 'Satın Alma Yılı',
    value: (vehicle) => vehicle.yearOfPurchase,
    align: 'right',
  },
  { id: 'tankerCount', header: 'Tank Sayısı', value: (vehicle) => vehicle.tankerCount, align: 'right' },
  litres('tankerVolumePerUnit', 'Tank Hacmi (L)'),
  litres('totalVolume', 'Toplam Hacim (L)', true),
];
