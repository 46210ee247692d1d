import { IconUserPlus } from '@tabler/icons-react';
import { useDrivers } from '../../api/fleet.ts';
import { RecordsPage } from '../../lib/pages/records-page.tsx';
import { DRIVER_COLUMNS } from './driver-columns.tsx';
import { DriverFormModal } from './driver-form-modal.tsx';

/** 'Sürücü Yönetimi': the drivers of the shipment vehicles. */
export default function DriversPage() {
  return (
    <RecordsPage
      title="Sürücü Yönetimi"
      description="Sevkiyat araçlarının sürücüleri ve durumları"
      records={useDrivers()}
      table={{
        name: 'suruculer',
        columns: DRIVER_COLUMNS,
        initialSort: [
          { id: 'name', desc: false },
          { id: 'surname', desc: false },
        ],
        minWidth: 960,
      }}
      addLabel="Sürücü Ekle"
      addIcon={<IconUserPlus size={16} />}
      modal={({ row, ...modal }) => <DriverFormModal {...modal} driver={row} />}
    />
  );
}
