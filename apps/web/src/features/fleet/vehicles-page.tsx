import type { Vehicle } from '@mandira/contract/fleet';
import { Button } from '@mantine/core';
import { IconPencil, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { useVehicles } from '../../api/fleet.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/page-header.tsx';
import { VEHICLE_COLUMNS } from './vehicle-columns.tsx';
import { VehicleFormModal } from './vehicle-form-modal.tsx';

type Editing = { vehicle?: Vehicle };

/** 'Araç Yönetimi' (spec §2): the lorries that carry orders to buyers. */
export default function VehiclesPage() {
  const vehicles = useVehicles();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <>
      <PageHeader title="Araç Yönetimi" description="Sevkiyat araçları, kapasiteleri ve sürücüleri" />
      <DataTable
        name="araclar"
        columns={VEHICLE_COLUMNS}
        data={vehicles.data}
        getRowId={(vehicle) => vehicle.id}
        loading={vehicles.isPending}
        error={vehicles.error}
        onRetry={() => void vehicles.refetch()}
        initialSort={[{ id: 'licencePlateCode', desc: false }]}
        minWidth={1000}
        toolbar={
          <Button leftSection={<IconTruck size={16} />} onClick={() => setEditing({})}>
            Araç Ekle
          </Button>
        }
        rowActions={(vehicle) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing({ vehicle })}
          >
            Düzenle
          </Button>
        )}
      />
      <VehicleFormModal
        opened={editing !== null}
        vehicle={editing?.vehicle}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
