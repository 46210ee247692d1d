import type { Vehicle } from '@mandira/contract/fleet';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatNumber } from '../../lib/format/format.ts';
import { vehicleIdentityColumns } from '../../lib/vehicles/vehicle-columns.tsx';
import { FleetStatusBadge } from './status-badge.tsx';

const figure = (id: keyof Vehicle, header: string, decimals = 2): DataTableColumn<Vehicle> => ({
  id,
  header,
  value: (vehicle) => vehicle[id],
  render: (vehicle) => formatNumber(vehicle[id] as number, decimals),
  align: 'right',
  noWrap: true,
});

/** Plate, brand, model, years, capacity, pallets, drivers, fuel (lt/100km), status. */
export const VEHICLE_COLUMNS: DataTableColumn<Vehicle>[] = [
  ...vehicleIdentityColumns<Vehicle>('Alım Yılı'),
  figure('capacityInTons', 'Kapasite (ton)'),
  figure('palletCapacity', 'Palet', 0),
  { id: 'drivers', header: 'Sürücüler', value: (vehicle) => vehicle.drivers, minWidth: 110 },
  figure('fuelConsumptionEmpty', 'Yakıt Boş (lt/100km)'),
  figure('fuelConsumptionHalfFull', 'Yakıt Yarı Dolu (lt/100km)'),
  figure('fuelConsumptionFull', 'Yakıt Dolu (lt/100km)'),
  {
    id: 'status',
    header: 'Durum',
    value: (vehicle) => vehicle.statusDetail.label,
    render: (vehicle) => <FleetStatusBadge status={vehicle.statusDetail} />,
    noWrap: true,
    minWidth: 110,
  },
];
