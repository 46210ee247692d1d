import { overCapacityMessage, shipmentMachine, weighingOf } from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { isUnreadableNumber, NumberField } from '../../lib/forms/number-field.tsx';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { formatTons } from './shipment-format.ts';

type Props = {
  shipment: Shipment | null;
  submitting: boolean;
  onWeigh: (shipment: Shipment, tons: number) => Promise<void>;
  onClose: () => void;
};

/**
 * 'Kantardan Çıkar': the weighbridge's net figure in tons (gross less the truck's tare) completes the
 * weight check; it is compared with the expected net weight of the goods (decision 143).
 */
export function WeightModal({ shipment, submitting, onWeigh, onClose }: Props) {
  return (
    <FormModal opened={shipment !== null} onClose={onClose} title="Kantar Tartımı">
      {shipment && (
        <WeightForm
          key={shipment.id}
          shipment={shipment}
          submitting={submitting}
          onWeigh={onWeigh}
          onClose={onClose}
        />
      )}
    </FormModal>
  );
}

function Fact({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  testId?: string;
}) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600} c={color} data-testid={testId}>
        {value || '–'}
      </Text>
    </div>
  );
}

function WeightForm({ shipment, submitting, onWeigh, onClose }: Props & { shipment: Shipment }) {
  const [tons, setTons] = useState<number | undefined>(shipment.loadedWeightInTons ?? undefined);
  const { actionContext: context } = shipment;
  const readable = tons !== undefined && !isUnreadableNumber(tons) && tons > 0;
  // While typing: the difference from the expected weight and the capacity, as the server will judge them.
  const weighing = readable ? weighingOf(context, tons) : null;
  const usable = readable && !weighing?.overCapacity;
  const difference =
    weighing?.differencePercent === null || weighing === null
      ? ''
      : `%${formatNumber(weighing.differencePercent, 1)}`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (usable && !submitting) void onWeigh(shipment, tons);
      }}
    >
      <Stack gap="md">
        <Text fz="sm">
          <b>{shipment.shipmentCode}</b> · {shipment.vehicleDescription}
        </Text>
        <SimpleGrid cols={4} spacing="sm">
          <Fact
            label="Beklenen"
            value={
              context.expectedWeightInTons === null
                ? ''
                : `${formatTons(context.expectedWeightInTons)} ton${context.expectedWeightComplete ? '' : ' (eksik)'}`
            }
          />
          <Fact
            label="Araç Kapasitesi"
            value={
              context.vehicleCapacityInTons > 0 ? `${formatTons(context.vehicleCapacityInTons)} ton` : ''
            }
          />
          <Fact
            label="İzin Verilen Fark"
            value={`%${formatNumber(context.weighbridgeTolerancePercent, 1)}`}
          />
          <Fact
            label="Fark"
            value={difference}
            color={weighing?.outsideTolerance ? 'red' : weighing ? 'teal' : undefined}
            testId="weight-difference"
          />
        </SimpleGrid>
        <NumberField
          label="Net yük (kantar, ton)"
          description="Kantar fişindeki net yük: brüt tartım eksi aracın darası (boş ağırlığı); en fazla 3 ondalık (kg)"
          decimals={3}
          unit="ton"
          value={tons}
          onChange={setTons}
          error={
            weighing?.overCapacity && tons !== undefined
              ? overCapacityMessage(tons, context.vehicleCapacityInTons)
              : undefined
          }
          data-autofocus
        />
        {weighing?.outsideTolerance && !weighing.overCapacity && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Tolerans dışında"
            data-testid="weight-outside-tolerance"
          >
            Bu ağırlık beklenenden %{formatNumber(weighing.differencePercent ?? 0, 1)} farklı; izin verilen %
            {formatNumber(context.weighbridgeTolerancePercent, 1)}. Kaydedilirse sevkiyat yola çıkamaz: kantar
            okumasını kontrol ediniz, gerekirse '{shipmentMachine.actionLabel('RECHECK')}' ile yükü yeniden
            kontrol ediniz.
          </Alert>
        )}
        <ModalFooter>
          <CancelButton onClick={onClose} disabled={submitting} />
          <Button type="submit" disabled={!usable} loading={submitting}>
            {shipmentMachine.actionLabel('COMPLETE_WEIGHT_CHECK')}
          </Button>
        </ModalFooter>
      </Stack>
    </form>
  );
}
