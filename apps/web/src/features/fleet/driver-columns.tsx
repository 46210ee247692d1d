import type { Driver } from '@mandira/contract/fleet';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDate } from '../../lib/format.ts';
import { FleetStatusBadge } from './status-badge.tsx';

// 'YYYY-MM-DD' sorts as it is; noon keeps the calendar day whatever the zone.
const birthDay = (driver: Driver) =>
  driver.dateOfBirth ? formatDate(`${driver.dateOfBirth}T12:00:00Z`) : '';

/** Spec §2: name, surname, gender, date of birth, phone, TCKN, licence, status. */
export const DRIVER_COLUMNS: DataTableColumn<Driver>[] = [
  { id: 'name', header: 'Ad', value: (driver) => driver.name },
  { id: 'surname', header: 'Soyad', value: (driver) => driver.surname },
  { id: 'gender', header: 'Cinsiyet', value: (driver) => driver.gender },
  {
    id: 'dateOfBirth',
    header: 'Doğum Tarihi',
    value: (driver) => driver.dateOfBirth,
    render: birthDay,
    exportValue: (driver) => birthDay(driver) || null,
    noWrap: true,
  },
  { id: 'phone', header: 'Telefon', value: (driver) => driver.phone, noWrap: true },
  { id: 'tckn', header: 'TC Kimlik No', value: (driver) => driver.tckn, noWrap: true },
  { id: 'licenceNumber', header: 'Ehliyet No', value: (driver) => driver.licenceNumber, noWrap: true },
  {
    id: 'status',
    header: 'Durum',
    value: (driver) => driver.statusDetail.label,
    render: (driver) => <FleetStatusBadge status={driver.statusDetail} />,
    noWrap: true,
  },
];
