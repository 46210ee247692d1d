import { shipmentMachine } from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';

type Props = {
  shipment: Shipment | null;
  /** Every shipment listed; those LOADING (other than this one) may take the loads. */
  shipments: readonly Shipment[];
  submitting: boolean;
  onTransfer: (shipment: Shipment, targetShipmentId: number) => Promise<void>;
  onClose: () => void;
};

/**
 * 'Başka Sevkiyata Aktar' (docs/domain/loading-and-shipments.md): the loads move to a shipment that is
 * loading.
 */
export function TransferModal({ shipment, shipments, submitting, onTransfer, onClose }: Props) {
  const [target, setTarget] = useState<string | null>(null);
  const targets = shipments
    .filter((one) => one.status === 'LOADING' && one.id !== shipment?.id)
    .map((one) => ({ value: String(one.id), label: `${one.shipmentCode} · ${one.vehicleDescription}` }));
  const label = shipmentMachine.actionLabel('TRANSFER_TO_ANOTHER');
  return (
    <FormModal
      opened={shipment !== null}
      onClose={() => {
        setTarget(null);
        onClose();
      }}
      title={label}
    >
      {shipment && (
        <Stack gap="md">
          <Text fz="sm">
            <b>{shipment.shipmentCode}</b> sevkiyatındaki yükler seçilen sevkiyata aktarılacak; bu sevkiyat
            yüklemeye hazırlık durumuna döner.
          </Text>
          <Select
            label="Hedef Sevkiyat"
            placeholder={targets.length ? 'Seçiniz' : 'Yüklemede başka sevkiyat yok'}
            data={targets}
            value={target}
            onChange={setTarget}
            disabled={targets.length === 0}
            comboboxProps={{ withinPortal: true }}
          />
          <ModalFooter>
            <CancelButton onClick={onClose} disabled={submitting} />
            <Button
              color="red"
              disabled={!target}
              loading={submitting}
              onClick={() => {
                if (target) void onTransfer(shipment, Number(target));
              }}
            >
              {label}
            </Button>
          </ModalFooter>
        </Stack>
      )}
    </FormModal>
  );
}
