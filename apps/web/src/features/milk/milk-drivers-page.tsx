import { IconUserPlus } from '@tabler/icons-react';
import { RecordsPage } from '../../lib/pages/records-page.tsx';
import { useMilkDrivers } from './api.ts';
import { MILK_DRIVER_COLUMNS } from './milk-driver-columns.tsx';
import { MilkDriverFormModal } from './milk-driver-form-modal.tsx';

/** The milk vehicle drivers. */
export default function MilkDriversPage() {
  return (
    <RecordsPage
      title="Süt Aracı Şoför Yönetimi"
      description="Süt toplama araçlarını kullanan şoförler"
      records={useMilkDrivers()}
      table={{
        name: 'sut-araci-soforleri',
        columns: MILK_DRIVER_COLUMNS,
        initialSort: [
          { id: 'name', desc: false },
          { id: 'surname', desc: false },
        ],
        minWidth: 900,
      }}
      addLabel="Şoför Ekle"
      addIcon={<IconUserPlus size={16} />}
      modal={({ row, ...modal }) => <MilkDriverFormModal {...modal} driver={row} />}
    />
  );
}
