import type { BuyerWarehouse } from '@mandira/contract/buyers';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBuildingWarehouse, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useBuyerWarehouses } from '../../api/buyers.ts';
import { ApiRequestError } from '../../api/client.ts';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { WarehouseFormModal } from './warehouse-form-modal.tsx';

/** The list came back unsuccessful, or not at all. */
const LIST_REFUSED = 'Depolar alınamadı.';
const LIST_FAILED = 'Depolar alınırken hata oluştu.';

/** Six decimals with a Turkish comma, as the map picker's fields take them ('39,925533'). */
const coordinate = (value: number | null) => formatNumber(value, 6);

const COLUMNS: DataTableColumn<BuyerWarehouse>[] = [
  { id: 'buyerTitle', header: 'Müşteri', value: (w) => w.buyerTitle, minWidth: 220 },
  { id: 'code', header: 'Depo Kodu', value: (w) => w.code, noWrap: true },
  { id: 'title', header: 'Depo Adı', value: (w) => w.title },
  // Enlem before Boylam, in the order of the form's fields (decision 107).
  {
    id: 'latitude',
    header: 'Enlem',
    value: (w) => w.latitude,
    render: (w) => coordinate(w.latitude),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'longitude',
    header: 'Boylam',
    value: (w) => w.longitude,
    render: (w) => coordinate(w.longitude),
    align: 'right',
    noWrap: true,
  },
];

type Editing = { warehouse?: BuyerWarehouse };

/** 'Müşteri Deposu Yönetimi': the buyers' delivery points, placed on a map. */
export default function BuyerWarehousesPage() {
  const warehouses = useBuyerWarehouses();
  const [editing, setEditing] = useState<Editing | null>(null);
  const failure = warehouses.error;
  const refused = failure instanceof ApiRequestError && failure.code !== 'NETWORK_ERROR';

  return (
    <>
      <PageHeader
        title="Müşteri Deposu Yönetimi"
        description="Müşterilerin teslimat noktaları ve konumları"
      />
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={refused ? LIST_REFUSED : LIST_FAILED}
            role="alert"
            data-testid="list-error"
          >
            <Group justify="space-between">
              <Text fz="sm">{errorMessage(failure)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void warehouses.refetch()}>
                Tekrar dene
              </Button>
            </Group>
          </Alert>
        )}
        <DataTable
          name="musteri-depolari"
          columns={COLUMNS}
          initialSort={[
            { id: 'buyerTitle', desc: false },
            { id: 'code', desc: false },
          ]}
          data={warehouses.data}
          getRowId={(w) => w.id}
          loading={warehouses.isPending}
          emptyMessage={failure ? 'Depolar gösterilemiyor' : 'Kayıtlı müşteri deposu yok'}
          toolbar={
            <Button leftSection={<IconBuildingWarehouse size={16} />} onClick={() => setEditing({})}>
              Yeni Depo
            </Button>
          }
          rowActions={(warehouse) => (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing({ warehouse })}
            >
              Düzenle
            </Button>
          )}
        />
      </Stack>
      <WarehouseFormModal
        opened={editing !== null}
        warehouse={editing?.warehouse}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
