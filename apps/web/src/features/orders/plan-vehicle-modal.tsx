import type { Order, OrderItem } from '@mandira/contract/orders';
import { Alert, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useVehicles } from '../../api/fleet.ts';
import { formatNumber } from '../../lib/format/format.ts';
import { byTurkishText } from '../../lib/format/turkish-order.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { isUnreadableNumber, NumberField } from '../../lib/forms/number-field.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { useEstimatePalettes, usePlanVehicle } from './api.ts';
import { plannedByOthers } from './vehicle-plan.ts';

/** The order to plan, or one item of it. */
export type PlanTarget = { order: Order; item?: OrderItem };

type Props = { target: PlanTarget | null; onClose: () => void };

/** 'Araç Planla': the vehicle meant to carry an order or an item, and the order's palettes. */
export function PlanVehicleModal({ target, onClose }: Props) {
  const title = target?.item
    ? `Araç Planla: ${target.item.productName}`
    : `Araç Planla: Sipariş ${target?.order.orderNumber ?? ''}`;
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="md">
      {target && (
        <PlanVehicleForm key={`${target.order.id}-${target.item?.id}`} target={target} onDone={onClose} />
      )}
    </FormModal>
  );
}

function PlanVehicleForm({ target, onDone }: { target: PlanTarget; onDone: () => void }) {
  const { order, item } = target;
  const vehicles = useVehicles();
  const plan = usePlanVehicle();
  const estimate = useEstimatePalettes();
  const current = item ? item.plannedShipmentVehicleId : order.plannedShipmentVehicleId;
  const [vehicleId, setVehicleId] = useState<string | null>(current ? String(current) : null);
  const [palettes, setPalettes] = useState<number | undefined>(order.estimatedPaletteCount ?? undefined);
  const [failure, setFailure] = useState<string>();
  const vehicle = vehicles.data?.find((one) => String(one.id) === vehicleId);
  const options = [...(vehicles.data ?? [])]
    .sort(byTurkishText((one) => one.licencePlateCode))
    .map((one) => ({
      value: String(one.id),
      // A vehicle on an open shipment is marked with it (decision 102): planned now, it carries nothing
      // until that shipment is back.
      label: one.openShipmentCode
        ? `${one.description} (${one.statusDetail.label}: ${one.openShipmentCode})`
        : one.status === 'AVAILABLE'
          ? `${one.description} · ${one.palletCapacity} palet`
          : `${one.description} (${one.statusDetail.label})`,
      // A vehicle out of service will not carry anything; one in maintenance may be back in time.
      disabled: one.status === 'OUT_OF_SERVICE',
    }));
  const unreadable = isUnreadableNumber(palettes);

  const save = useSubmitGuard(async () => {
    if (!vehicle || unreadable) return;
    setFailure(undefined);
    try {
      // Palettes first, so the vehicle's planned total is right when the plan lands.
      if (!item && (palettes ?? null) !== order.estimatedPaletteCount && palettes !== undefined) {
        await estimate.mutateAsync({ orderId: order.id, count: palettes });
      }
      await plan.mutateAsync({ orderId: order.id, itemId: item?.id, vehicleId: vehicle.id });
      notifications.show({
        color: 'green',
        message: `${item ? item.productName : `Sipariş ${order.orderNumber}`}: ${vehicle.description} planlandı.`,
      });
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <Stack gap="md">
        <Select
          label="Araç"
          placeholder={vehicles.error ? 'Araçlar yüklenemedi' : 'Araç seçiniz'}
          data={options}
          value={vehicleId}
          onChange={setVehicleId}
          searchable
          nothingFoundMessage="Araç bulunamadı"
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        {!item && (
          <NumberField
            label="Tahmini Palet Sayısı"
            description="Bu siparişin araçta kaplayacağı palet"
            value={palettes}
            onChange={setPalettes}
          />
        )}
        {vehicle?.openShipmentCode && (
          <Alert color="orange" variant="light" data-testid="vehicle-on-shipment">
            {vehicle.description} şu anda açık bir sevkiyatta: {vehicle.openShipmentCode}. O sevkiyat
            kapanmadan araç yeni bir sevkiyata verilemez; planlanan kalemler ancak bu sevkiyata yüklenirse bu
            araçla gider.
          </Alert>
        )}
        {vehicle && (
          <PaletteLoad
            capacity={vehicle.palletCapacity}
            others={item ? vehicle.plannedPaletteCount : plannedByOthers(vehicle, order)}
            own={item ? undefined : unreadable ? 0 : (palettes ?? 0)}
          />
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {failure}
          </Alert>
        )}
        <ModalFooter>
          <CancelButton onClick={onDone} disabled={save.submitting} />
          {/* Plan stays disabled until a vehicle is chosen. */}
          <Button type="submit" disabled={!vehicle || unreadable} loading={save.submitting}>
            Planla
          </Button>
        </ModalFooter>
      </Stack>
    </form>
  );
}

/**
 * The vehicle's pallet capacity against what orders planned on it, and this order's share (an item's
 * plan has none of its own: palettes are estimated per order).
 */
function PaletteLoad({
  capacity,
  others,
  own,
}: {
  capacity: number;
  others: number;
  own: number | undefined;
}) {
  const total = others + (own ?? 0);
  const over = capacity > 0 && total > capacity;
  const percent = (value: number) => (capacity > 0 ? Math.min(100, (value / capacity) * 100) : 0);
  return (
    <Stack gap={6} data-testid="palette-load">
      <Group justify="space-between">
        <Text fz="sm">Palet kapasitesi</Text>
        <Text fz="sm" fw={600} c={over ? 'red' : undefined}>
          {formatNumber(total)} / {formatNumber(capacity)} palet
        </Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section value={percent(others)} color="gray" />
        <Progress.Section
          value={Math.min(percent(own ?? 0), 100 - percent(others))}
          color={over ? 'red' : 'blue'}
        />
      </Progress.Root>
      <Text fz="xs" c={over ? 'red' : 'dimmed'}>
        {own === undefined
          ? `Planlanmış: ${formatNumber(others)} palet`
          : `Diğer siparişler: ${formatNumber(others)} palet · Bu sipariş: ${formatNumber(own)} palet`}
        {capacity === 0 ? ' · Aracın palet kapasitesi girilmemiş.' : over ? ' · Kapasite aşılıyor.' : ''}
      </Text>
    </Stack>
  );
}
