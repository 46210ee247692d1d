import { IconTruck } from '@tabler/icons-react';
import { useVehicles } from '../../api/fleet.ts';
import { RecordsPage } from '../../lib/pages/records-page.tsx';
import { VEHICLE_COLUMNS } from './vehicle-columns.tsx';
import { VehicleFormModal } from './vehicle-form-modal.tsx';

/** 'Araç Yönetimi': the lorries that carry orders to buyers. */
export default function VehiclesPage() {
  return (
    <RecordsPage
      title="Araç Yönetimi"
      description="Sevkiyat araçları, kapasiteleri ve sürücüleri"
      records={useVehicles()}
      table={{
        name: 'araclar',
        columns: VEHICLE_COLUMNS,
        initialSort: [{ id: 'licencePlateCode', desc: false }],
        minWidth: 1000,
      }}
      addLabel="Araç Ekle"
      addIcon={<IconTruck size={16} />}
      // Twelve columns leave little room at 1366 px.
      iconEdit
      modal={({ row, ...modal }) => <VehicleFormModal {...modal} vehicle={row} />}
    />
  );
}
