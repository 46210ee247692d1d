import type { ShipmentAction } from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { Badge, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/current-user.ts';
import { useLoadingShipments } from '../../api/fleet.ts';
import { useLiveMarks } from '../../api/live/live-updates.tsx';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { type ShipmentFilters as Filters, fetchAllShipments, useShipmentPage } from './api.ts';
import { RouteModal } from './route-modal.tsx';
import { SHIPMENT_COLUMNS } from './shipment-columns.tsx';
import { ShipmentFilters } from './shipment-filters.tsx';
import { ShipmentFormModal } from './shipment-form-modal.tsx';
import { ShipmentRowActions } from './shipment-row-actions.tsx';
import { shipmentFiltersFromUrl } from './shipment-url-filters.ts';
import { TransferModal } from './transfer-modal.tsx';
import { useShipmentSteps } from './use-shipment-steps.ts';
import { WeightModal } from './weight-modal.tsx';

type Editing = { shipment?: Shipment };

/**
 * 'Sevkiyat Yönetimi': the shipments, their route, and the steps from parking to delivery.
 * The back office acts on them; shipping staff read the list the load-acceptance screen returns to.
 * The server filters and pages the list (decision 110); Excel takes every shipment the filters match.
 * The list waits for the user's privileges, which choose the filters it opens with.
 */
export default function ShipmentsPage() {
  const user = useCurrentUser();
  if (user.isPending) return <CenteredLoader />;
  const privileges = user.data?.privileges ?? [];
  return (
    <ShipmentList
      mayAct={privileges.includes('SHIPMENT_MANAGEMENT')}
      acceptsLoads={privileges.includes('SHIPMENT_LOAD_ACCEPTANCE')}
    />
  );
}

function ShipmentList({ mayAct, acceptsLoads }: { mayAct: boolean; acceptsLoads: boolean }) {
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() =>
    shipmentFiltersFromUrl(searchParams, acceptsLoads && !mayAct),
  );
  const [page, setPage] = useState(1);
  const shipments = useShipmentPage(filters, page);
  const totalPages = shipments.data?.totalPages ?? 0;
  // A step may empty the last page (a filtered status moved on): show the new last page instead.
  useEffect(() => {
    if (!shipments.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [shipments.isPlaceholderData, totalPages, page]);
  const loadingShipments = useLoadingShipments();
  const changeFilters = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const steps = useShipmentSteps();
  const isMarked = useLiveMarks();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [route, setRoute] = useState<Shipment | null>(null);
  const [weighing, setWeighing] = useState<Shipment | null>(null);
  const [transferring, setTransferring] = useState<Shipment | null>(null);

  const onAction = (shipment: Shipment, action: ShipmentAction) => {
    if (action === 'COMPLETE_WEIGHT_CHECK') setWeighing(shipment);
    else if (action === 'TRANSFER_TO_ANOTHER') setTransferring(shipment);
    else void steps.run({ shipment, action });
  };

  return (
    <>
      <PageHeader
        title="Sevkiyat Yönetimi"
        description="Sevkiyatlar, rotaları ve park halinden teslimata adımları"
        actions={
          mayAct ? undefined : (
            <Badge variant="light" color="gray" size="lg" style={{ textTransform: 'none' }}>
              Salt okunur
            </Badge>
          )
        }
      />
      <Stack gap="sm">
        <ShipmentFilters value={filters} onChange={changeFilters} />
        <DataTable
          name="sevkiyatlar"
          columns={SHIPMENT_COLUMNS}
          data={shipments.data?.shipments}
          getRowId={(shipment) => shipment.id}
          isRowChanged={(shipment) => isMarked('shipment', shipment.id)}
          loading={shipments.isPending || shipments.isPlaceholderData}
          error={shipments.error}
          onRetry={() => void shipments.refetch()}
          minWidth={1180}
          pagination={serverPaging(shipments.data, page, setPage)}
          exportRows={() => fetchAllShipments(filters)}
          toolbar={
            mayAct && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
                Yeni Sevkiyat
              </Button>
            )
          }
          rowActions={(shipment) => (
            <ShipmentRowActions
              shipment={shipment}
              mayAct={mayAct}
              busy={steps.submitting}
              onAction={onAction}
              onEdit={(one) => setEditing({ shipment: one })}
              onRoute={setRoute}
            />
          )}
        />
      </Stack>
      <ShipmentFormModal
        opened={editing !== null}
        shipment={editing?.shipment}
        onClose={() => setEditing(null)}
      />
      <RouteModal shipment={route} onClose={() => setRoute(null)} />
      <WeightModal
        shipment={weighing}
        submitting={steps.submitting}
        onClose={() => setWeighing(null)}
        onWeigh={async (shipment, tons) => {
          const done = await steps.run({
            shipment,
            action: 'COMPLETE_WEIGHT_CHECK',
            loadedWeightInTons: tons,
          });
          if (done) setWeighing(null);
        }}
      />
      <TransferModal
        shipment={transferring}
        shipments={loadingShipments.data ?? []}
        submitting={steps.submitting}
        onClose={() => setTransferring(null)}
        onTransfer={async (shipment, targetShipmentId) => {
          const done = await steps.run({ shipment, action: 'TRANSFER_TO_ANOTHER', targetShipmentId });
          if (done) setTransferring(null);
        }}
      />
    </>
  );
}
