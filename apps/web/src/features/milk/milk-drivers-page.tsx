import type { MilkDriver } from '@mandira/contract/milk';
import { Button } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/page-header.tsx';
import { useMilkDrivers } from './api.ts';
import { MILK_DRIVER_COLUMNS } from './milk-driver-columns.tsx';
import { MilkDriverFormModal } from './milk-driver-form-modal.tsx';

type Editing = { driver?: MilkDriver };

/** The milk vehicle drivers (spec §2). */
export default function MilkDriversPage() {
  const drivers = useMilkDrivers();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <>
      <PageHeader title="Süt Aracı Şoför Yönetimi" description="Süt toplama araçlarını kullanan şoförler" />
      <DataTable
        name="sut-araci-soforleri"
        columns={MILK_DRIVER_COLUMNS}
        initialSort={[
          { id: 'name', desc: false },
          { id: 'surname', desc: false },
        ]}
        data={drivers.data}
        getRowId={(driver) => driver.id}
        loading={drivers.isPending}
        error={drivers.error}
        onRetry={() => void drivers.refetch()}
        minWidth={900}
        toolbar={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing({})}>
            Şoför Ekle
          </Button>
        }
        rowActions={(driver) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing({ driver })}
          >
            Düzenle
          </Button>
        )}
      />
      <MilkDriverFormModal
        opened={editing !== null}
        driver={editing?.driver}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
