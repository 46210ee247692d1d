import type { ShipmentAction } from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useHasPrivilege } from '../../api/current-user.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/page-header.tsx';
import { useShipments } from './api.ts';
import { CityFilter } from './city-filter.tsx';
import { RouteModal } from './route-modal.tsx';
import { SHIPMENT_COLUMNS } from './shipment-columns.tsx';
import { ShipmentFormModal } from './shipment-form-modal.tsx';
import { ShipmentRowActions } from './shipment-row-actions.tsx';
import { TransferModal } from './transfer-modal.tsx';
import { useShipmentSteps } from './use-shipment-steps.ts';
import { WeightModal } from './weight-modal.tsx';

type Editing = { shipment?: Shipment };

/**
 * 'Sevkiyat Yönetimi' (spec §2): the shipments, their route, and the steps from parking to delivery.
 * The back office acts on them; shipping staff read the list the load-acceptance screen returns to.
 */
export default function ShipmentsPage() {
  const mayAct = useHasPrivilege('SHIPMENT_MANAGEMENT');
  const [city, setCity] = useState<number>();
  const shipments = useShipments(city);
  const steps = useShipmentSteps();
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
      <DataTable
        name="sevkiyatlar"
        columns={SHIPMENT_COLUMNS}
        data={shipments.data}
        getRowId={(shipment) => shipment.id}
        loading={shipments.isPending}
        error={shipments.error}
        onRetry={() => void shipments.refetch()}
        initialSort={[{ id: 'shipmentCode', desc: true }]}
        minWidth={1180}
        toolbar={
          <>
            <CityFilter value={city} onChange={setCity} />
            {mayAct && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
                Yeni Sevkiyat
              </Button>
            )}
          </>
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
        shipments={shipments.data ?? []}
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
