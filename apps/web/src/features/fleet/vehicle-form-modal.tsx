import {
  CreateVehicleBody,
  VEHICLE_SETTABLE_STATUSES,
  VEHICLE_STATUS_LABELS,
  type Vehicle,
  type VehicleSettableStatus,
} from '@mandira/contract/fleet';
import { MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDrivers } from '../../api/fleet.ts';
import { byTurkishText } from '../../lib/format/turkish-order.ts';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { FormNumberField } from '../../lib/forms/form-number-field.tsx';
import { SaveFooter } from '../../lib/forms/save-footer.tsx';
import { showServerError } from '../../lib/forms/server-error.ts';
import { type LoadLatest, WithLatestRecord } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import {
  VEHICLE_IDENTITY_LABELS,
  VehicleIdentityFields,
  type VehicleIdentityValues,
} from '../../lib/vehicles/vehicle-fields.tsx';
import { fetchVehicle, useSaveVehicle } from './api.ts';
import { StatusSelect } from './status-select.tsx';

type Props = { opened: boolean; vehicle: Vehicle | undefined; onClose: () => void };

export function VehicleFormModal({ opened, vehicle, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={vehicle ? 'Aracı Düzenle' : 'Araç Ekle'} size="lg">
      {opened && (
        <WithLatestRecord key={vehicle?.id ?? 'new'} record={vehicle} reload={fetchVehicle}>
          {(latestRecord, latest) => <VehicleForm vehicle={latestRecord} latest={latest} onDone={onClose} />}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

const LABELS = {
  ...VEHICLE_IDENTITY_LABELS,
  capacityInTons: 'Kapasite (ton)',
  palletCapacity: 'Palet Kapasitesi',
  fuelConsumptionEmpty: 'Yakıt Tüketimi Boş (lt/100km)',
  fuelConsumptionHalfFull: 'Yakıt Tüketimi Yarı Dolu (lt/100km)',
  fuelConsumptionFull: 'Yakıt Tüketimi Dolu (lt/100km)',
  status: 'Durum',
  driverIds: 'Sürücüler',
} as const;

type NumberName =
  | 'capacityInTons'
  | 'palletCapacity'
  | 'fuelConsumptionEmpty'
  | 'fuelConsumptionHalfFull'
  | 'fuelConsumptionFull';

type Values = VehicleIdentityValues & {
  status: VehicleSettableStatus;
  driverIds: number[];
} & Record<NumberName, number | undefined>;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateVehicleBody);

/**
 * The defaults (docs/domain/loading-and-shipments.md): the current year, 0 for the figures; a new vehicle is
 * available.
 */
function defaultsOf(vehicle: Vehicle | undefined): Values {
  const year = new Date().getFullYear();
  return {
    licencePlateCode: vehicle?.licencePlateCode ?? '',
    brand: vehicle?.brand ?? '',
    model: vehicle?.model ?? '',
    productionYear: vehicle?.productionYear ?? year,
    yearOfPurchase: vehicle?.yearOfPurchase ?? year,
    capacityInTons: vehicle?.capacityInTons ?? 0,
    palletCapacity: vehicle?.palletCapacity ?? 0,
    fuelConsumptionEmpty: vehicle?.fuelConsumptionEmpty ?? 0,
    fuelConsumptionHalfFull: vehicle?.fuelConsumptionHalfFull ?? 0,
    fuelConsumptionFull: vehicle?.fuelConsumptionFull ?? 0,
    status: vehicle?.status ?? 'AVAILABLE',
    driverIds: vehicle?.driverIds ?? [],
  };
}

function VehicleForm({
  vehicle,
  latest,
  onDone,
}: {
  vehicle: Vehicle | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const saveVehicle = useSaveVehicle();
  const drivers = useDrivers();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<Values>({
    resolver,
    defaultValues: defaultsOf(vehicle),
  });
  const driverOptions = (drivers.data ?? [])
    .map((driver) => ({ value: String(driver.id), label: driver.fullName }))
    .sort(byTurkishText((option) => option.label));

  const save = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    try {
      await saveVehicle.mutateAsync(
        vehicle ? { id: vehicle.id, version: vehicle.version, ...values } : values,
      );
      notifications.show({
        color: 'green',
        message: `${values.licencePlateCode.trim().toLocaleUpperCase('tr-TR')} kaydedildi.`,
      });
      onDone();
    } catch (error) {
      // The modal stays open with the server's reason, on its field when it names one.
      setServerError(showServerError(form.setError, error, LABELS));
    }
  });

  const numberField = (name: NumberName, decimals: number) => (
    <FormNumberField control={form.control} name={name} label={LABELS[name]} decimals={decimals} />
  );

  return (
    <form onSubmit={form.handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <VehicleIdentityFields form={form} platePlaceholder="34 ABC 123" plateRequired />
          <StatusSelect
            control={form.control}
            statuses={VEHICLE_SETTABLE_STATUSES}
            labels={VEHICLE_STATUS_LABELS}
          />
          {numberField('capacityInTons', 2)}
          {numberField('palletCapacity', 0)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {numberField('fuelConsumptionEmpty', 2)}
          {numberField('fuelConsumptionHalfFull', 2)}
          {numberField('fuelConsumptionFull', 2)}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="driverIds"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={LABELS.driverIds}
              placeholder={field.value.length ? undefined : 'Sürücü seçiniz'}
              data={driverOptions}
              searchable
              nothingFoundMessage="Sürücü bulunamadı"
              value={field.value.map(String)}
              onChange={(ids) => field.onChange(ids.map(Number))}
              error={fieldState.error?.message ?? (drivers.error ? 'Sürücüler yüklenemedi.' : undefined)}
            />
          )}
        />
        <SaveFooter latest={latest} error={serverError} submitting={save.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
