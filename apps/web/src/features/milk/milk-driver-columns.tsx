import type { MilkDriver } from '@mandira/contract/milk';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDate } from '../../lib/format.ts';

export const MILK_DRIVER_COLUMNS: DataTableColumn<MilkDriver>[] = [
  { id: 'name', header: 'Ad', value: (driver) => driver.name },
  { id: 'surname', header: 'Soyad', value: (driver) => driver.surname },
  { id: 'gender', header: 'Cinsiyet', value: (driver) => driver.gender },
  {
    id: 'dateOfBirth',
    header: 'Doğum Tarihi',
    // 'YYYY-MM-DD' sorts as it is; noon keeps the calendar day whatever the zone.
    value: (driver) => driver.dateOfBirth,
    render: (driver) => (driver.dateOfBirth ? formatDate(`${driver.dateOfBirth}T12:00:00Z`) : ''),
    exportValue: (driver) => (driver.dateOfBirth ? formatDate(`${driver.dateOfBirth}T12:00:00Z`) : null),
    noWrap: true,
  },
  { id: 'phone', header: 'Telefon', value: (driver) => driver.phone, noWrap: true },
  { id: 'tckn', header: 'TC Kimlik No', value: (driver) => driver.tckn, noWrap: true },
];
