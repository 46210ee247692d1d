import { CreateShipmentBody, type Shipment } from '@mandira/contract/shipments';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useBuyerWarehouses } from '../../api/buyers.ts';
import { useDrivers, useVehicles } from '../../api/fleet.ts';
import { useWarehouses } from '../../api/warehouses.ts';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { readServerError } from '../../lib/forms/server-error.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { useSaveShipment } from './api.ts';
import {
  buyerWarehouseOptions,
  driverOptions,
  ownWarehouseOptions,
  vehicleOptions,
} from './shipment-form-options.ts';

/** The alert of a failed create; the server's reason follows it. */
export const CREATE_FAILED = 'Sevkiyat oluşturulurken hata oluştu.';
const UPDATE_FAILED = 'Sevkiyat güncellenirken hata oluştu.';

const LABELS = {
  shipmentCode: 'Sevkiyat Kodu',
  vehicleId: 'Araç',
  driverId: 'Sürücü',
  fromWarehouseId: 'Çıkış Deposu',
  intermediateWarehouse1Id: 'Ara Durak 1',
  intermediateWarehouse2Id: 'Ara Durak 2',
  toWarehouseId: 'Varış Deposu',
  description: 'Açıklama',
} as const;

type SelectName = Exclude<keyof typeof LABELS, 'shipmentCode' | 'description'>;
/** Selects hold ids as text; '' is nothing chosen. */
type Values = { shipmentCode: string; description: string } & Record<SelectName, string>;

const toBody = (values: Values) => ({
  shipmentCode: values.shipmentCode,
  description: values.description,
  vehicleId: Number(values.vehicleId) || undefined,
  driverId: Number(values.driverId) || undefined,
  fromWarehouseId: Number(values.fromWarehouseId) || undefined,
  intermediateWarehouse1Id: Number(values.intermediateWarehouse1Id) || null,
  intermediateWarehouse2Id: Number(values.intermediateWarehouse2Id) || null,
  toWarehouseId: Number(values.toWarehouseId) || undefined,
});

// The server's schema, so a missing choice shows on its field before anything is sent.
const resolver = contractResolver<Values>(CreateShipmentBody, toBody);

const idText = (id: number | null | undefined) => (id ? String(id) : '');

function defaultsOf(shipment: Shipment | undefined): Values {
  return {
    shipmentCode: shipment?.shipmentCode ?? '',
    description: shipment?.description ?? '',
    vehicleId: idText(shipment?.vehicleId),
    driverId: idText(shipment?.driverId),
    fromWarehouseId: idText(shipment?.fromWarehouseId),
    intermediateWarehouse1Id: idText(shipment?.intermediateWarehouse1Id),
    intermediateWarehouse2Id: idText(shipment?.intermediateWarehouse2Id),
    toWarehouseId: idText(shipment?.toWarehouseId),
  };
}

type Props = { opened: boolean; shipment: Shipment | undefined; onClose: () => void };

/** A new shipment (PARKING), or the route, vehicle and driver of one not yet loading. */
export function ShipmentFormModal({ opened, shipment, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={shipment ? `Sevkiyatı Düzenle: ${shipment.shipmentCode}` : 'Yeni Sevkiyat'}
      size="xl"
    >
      {opened && <ShipmentForm key={shipment?.id ?? 'new'} shipment={shipment} onDone={onClose} />}
    </FormModal>
  );
}

function ShipmentForm({ shipment, onDone }: { shipment: Shipment | undefined; onDone: () => void }) {
  const vehicles = useVehicles();
  const drivers = useDrivers();
  const ownWarehouses = useWarehouses();
  const buyerWarehouses = useBuyerWarehouses();
  const saveShipment = useSaveShipment();
  const [failure, setFailure] = useState<string>();
  const { register, control, handleSubmit, formState, setError } = useForm<Values>({
    resolver,
    defaultValues: defaultsOf(shipment),
  });
  const stops = buyerWarehouseOptions(buyerWarehouses.data ?? []);
  const options: Record<SelectName, { data: ReturnType<typeof vehicleOptions>; failed: unknown }> = {
    vehicleId: { data: vehicleOptions(vehicles.data ?? [], shipment?.id), failed: vehicles.error },
    driverId: { data: driverOptions(drivers.data ?? [], shipment?.id), failed: drivers.error },
    fromWarehouseId: { data: ownWarehouseOptions(ownWarehouses.data ?? []), failed: ownWarehouses.error },
    intermediateWarehouse1Id: { data: stops, failed: buyerWarehouses.error },
    intermediateWarehouse2Id: { data: stops, failed: buyerWarehouses.error },
    toWarehouseId: { data: stops, failed: buyerWarehouses.error },
  };

  const save = useSubmitGuard(async (values: Values) => {
    setFailure(undefined);
    const body = CreateShipmentBody.parse(toBody(values));
    try {
      const saved = await saveShipment.mutateAsync(shipment ? { id: shipment.id, ...body } : body);
      notifications.show({ color: 'green', message: `${saved.shipmentCode} sevkiyatı kaydedildi.` });
      onDone();
    } catch (error) {
      // The server's reason goes on its field when it names one, and always under the alert.
      const reason = readServerError(error, LABELS);
      if (reason.field && reason.field in LABELS) {
        setError(reason.field as keyof Values, { type: 'server', message: reason.fieldMessage });
      }
      setFailure(reason.message);
    }
  });

  const select = (name: SelectName, extra: { required?: boolean; clearable?: boolean } = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={LABELS[name]}
          withAsterisk={extra.required}
          placeholder="Seçiniz"
          data={options[name].data}
          searchable
          clearable={extra.clearable}
          nothingFoundMessage="Kayıt bulunamadı"
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? (options[name].failed ? 'Liste yüklenemedi.' : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label={LABELS.shipmentCode}
            withAsterisk
            placeholder="SVK-2026-001"
            data-autofocus
            {...register('shipmentCode')}
            error={formState.errors.shipmentCode?.message}
          />
          {select('vehicleId', { required: true })}
          {select('driverId', { required: true })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {select('fromWarehouseId', { required: true })}
          {select('toWarehouseId', { required: true })}
          {select('intermediateWarehouse1Id', { clearable: true })}
          {select('intermediateWarehouse2Id', { clearable: true })}
        </SimpleGrid>
        <Textarea
          label={LABELS.description}
          autosize
          minRows={2}
          maxRows={4}
          {...register('description')}
          error={formState.errors.description?.message}
        />
        <FormError title={shipment ? UPDATE_FAILED : CREATE_FAILED} message={failure} />
        <FormActions
          submitting={save.submitting}
          onCancel={onDone}
          submitLabel={shipment ? 'Kaydet' : 'Oluştur'}
        />
      </Stack>
    </form>
  );
}
