import type { MilkVehicle } from '@mandira/contract/milk';
import { Button } from '@mantine/core';
import { IconPencil, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/page-header.tsx';
import { useMilkVehicles } from './api.ts';
import { MILK_VEHICLE_COLUMNS } from './milk-vehicle-columns.tsx';
import { MilkVehicleFormModal } from './milk-vehicle-form-modal.tsx';

type Editing = { vehicle?: MilkVehicle };

/** 'Süt Araçları Yönetimi' (spec §2): the tankers that collect the milk. */
export default function MilkVehiclesPage() {
  const vehicles = useMilkVehicles();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <>
      <PageHeader title="Süt Araçları Yönetimi" description="Süt toplayan araçlar ve tank kapasiteleri" />
      <DataTable
        name="sut-araclari"
        columns={MILK_VEHICLE_COLUMNS}
        data={vehicles.data}
        getRowId={(vehicle) => vehicle.id}
        loading={vehicles.isPending}
        error={vehicles.error}
        onRetry={() => void vehicles.refetch()}
        initialSort={[{ id: 'licencePlateCode', desc: false }]}
        minWidth={960}
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
      <MilkVehicleFormModal
        opened={editing !== null}
        vehicle={editing?.vehicle}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
