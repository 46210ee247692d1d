import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useWarehouses } from '../../api/warehouses.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { WAREHOUSE_COLUMNS } from './warehouse-columns.tsx';
import { WarehouseCreateModal } from './warehouse-create-modal.tsx';

/** 'Depo Yönetimi' (own warehouses): the list and the create modal. */
export default function WarehousesPage() {
  const warehouses = useWarehouses();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Depo Yönetimi"
        description="Kendi depolarımız; yeni bir depo stok yeri olarak tüm stok ekranlarına eklenir"
      />
      <DataTable
        name="depolar"
        columns={WAREHOUSE_COLUMNS}
        data={warehouses.data}
        getRowId={(warehouse) => warehouse.id}
        loading={warehouses.isPending}
        error={warehouses.error}
        onRetry={() => void warehouses.refetch()}
        minWidth={1000}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Yeni Depo Oluştur
          </Button>
        }
      />
      <WarehouseCreateModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
