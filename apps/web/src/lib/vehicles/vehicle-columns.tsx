import { Text } from '@mantine/core';
import type { DataTableColumn } from '../data-table/column.ts';

type VehicleIdentity = {
  licencePlateCode: string;
  brand: string;
  model: string;
  productionYear: number | null;
  yearOfPurchase: number | null;
};

/** Plaka, Marka, Model and the two years: the first columns of every vehicle list. */
export function vehicleIdentityColumns<T extends VehicleIdentity>(
  /** The purchase year's header: a list with many columns says it shorter. */
  purchaseHeader: string,
): DataTableColumn<T>[] {
  return [
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
    {
      id: 'productionYear',
      header: 'Üretim Yılı',
      value: (vehicle) => vehicle.productionYear,
      align: 'right',
    },
    {
      id: 'yearOfPurchase',
      header: purchaseHeader,
      value: (vehicle) => vehicle.yearOfPurchase,
      align: 'right',
    },
  ];
}
