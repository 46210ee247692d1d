import type { Driver } from '@mandira/contract/fleet';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { personColumns } from '../../lib/people/person-columns.ts';
import { FleetStatusBadge } from './status-badge.tsx';

/** Name, surname, gender, date of birth, phone, TCKN, licence, status. */
export const DRIVER_COLUMNS: DataTableColumn<Driver>[] = [
  ...personColumns<Driver>(),
  { id: 'licenceNumber', header: 'Ehliyet No', value: (driver) => driver.licenceNumber, noWrap: true },
  {
    id: 'status',
    header: 'Durum',
    value: (driver) => driver.statusDetail.label,
    render: (driver) => <FleetStatusBadge status={driver.statusDetail} />,
    noWrap: true,
  },
];
