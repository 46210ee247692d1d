import { IconTruck } from '@tabler/icons-react';
import { RecordsPage } from '../../lib/pages/records-page.tsx';
import { useMilkVehicles } from './api.ts';
import { MILK_VEHICLE_COLUMNS } from './milk-vehicle-columns.tsx';
import { MilkVehicleFormModal } from './milk-vehicle-form-modal.tsx';

/** 'Süt Araçları Yönetimi': the tankers that collect the milk. */
export default function MilkVehiclesPage() {
  return (
    <RecordsPage
      title="Süt Araçları Yönetimi"
      description="Süt toplayan araçlar ve tank kapasiteleri"
      records={useMilkVehicles()}
      table={{
        name: 'sut-araclari',
        columns: MILK_VEHICLE_COLUMNS,
        initialSort: [{ id: 'licencePlateCode', desc: false }],
        minWidth: 960,
      }}
      addLabel="Araç Ekle"
      addIcon={<IconTruck size={16} />}
      modal={({ row, ...modal }) => <MilkVehicleFormModal {...modal} vehicle={row} />}
    />
  );
}
