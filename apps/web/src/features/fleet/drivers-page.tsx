import type { Driver } from '@mandira/contract/fleet';
import { Button } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useDrivers } from '../../api/fleet.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/page-header.tsx';
import { DRIVER_COLUMNS } from './driver-columns.tsx';
import { DriverFormModal } from './driver-form-modal.tsx';

type Editing = { driver?: Driver };

/** 'Sürücü Yönetimi' (spec §2): the drivers of the shipment vehicles. */
export default function DriversPage() {
  const drivers = useDrivers();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <>
      <PageHeader title="Sürücü Yönetimi" description="Sevkiyat araçlarının sürücüleri ve durumları" />
      <DataTable
        name="suruculer"
        columns={DRIVER_COLUMNS}
        initialSort={[
          { id: 'name', desc: false },
          { id: 'surname', desc: false },
        ]}
        data={drivers.data}
        getRowId={(driver) => driver.id}
        loading={drivers.isPending}
        error={drivers.error}
        onRetry={() => void drivers.refetch()}
        minWidth={960}
        toolbar={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing({})}>
            Sürücü Ekle
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
      <DriverFormModal opened={editing !== null} driver={editing?.driver} onClose={() => setEditing(null)} />
    </>
  );
}
