import { CreateMilkVehicleBody, type MilkVehicle, milkVehicleTotalVolume } from '@mandira/contract/milk';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { fetchMilkVehicle, useSaveMilkVehicle } from './api.ts';
import { formatLitres } from './milk-format.ts';

type Props = { opened: boolean; vehicle: MilkVehicle | undefined; onClose: () => void };

export function MilkVehicleFormModal({ opened, vehicle, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={vehicle ? 'Süt Aracını Düzenle' : 'Araç Ekle'}
      size="lg"
    >
      {opened && (
        <WithLatestRecord key={vehicle?.id ?? 'new'} record={vehicle} reload={fetchMilkVehicle}>
          {(latestRecord, latest) => (
            <MilkVehicleForm vehicle={latestRecord} latest={latest} onDone={onClose} />
          )}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

const LABELS = {
  ...VEHICLE_IDENTITY_LABELS,
  tankerCount: 'Tank Sayısı',
  tankerVolumePerUnit: 'Tank Hacmi (L)',
} as const;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateMilkVehicleBody);

type Values = VehicleIdentityValues & {
  tankerCount: number | undefined;
  tankerVolumePerUnit: number | undefined;
};

/** The defaults: empty text, the current year, 0 for the numbers. */
function defaultsOf(vehicle: MilkVehicle | undefined): Values {
  const year = new Date().getFullYear();
  return {
    licencePlateCode: vehicle?.licencePlateCode ?? '',
    brand: vehicle?.brand ?? '',
    model: vehicle?.model ?? '',
    productionYear: vehicle ? (vehicle.productionYear ?? undefined) : year,
    yearOfPurchase: vehicle ? (vehicle.yearOfPurchase ?? undefined) : year,
    tankerCount: vehicle?.tankerCount ?? 0,
    tankerVolumePerUnit: vehicle?.tankerVolumePerUnit ?? 0,
  };
}

function MilkVehicleForm({
  vehicle,
  latest,
  onDone,
}: {
  vehicle: MilkVehicle | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const saveVehicle = useSaveMilkVehicle();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<Values>({
    resolver,
    defaultValues: defaultsOf(vehicle),
  });
  const [tankerCount, perUnit] = useWatch({
    control: form.control,
    name: ['tankerCount', 'tankerVolumePerUnit'],
  });
  const totalVolume = milkVehicleTotalVolume(tankerCount, perUnit);

  const save = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    // The total goes along in the body; the server computes its own regardless (docs/domain/milk.md).
    const body = {
      ...values,
      totalVolume: milkVehicleTotalVolume(values.tankerCount, values.tankerVolumePerUnit),
    };
    try {
      await saveVehicle.mutateAsync(vehicle ? { id: vehicle.id, version: vehicle.version, ...body } : body);
      notifications.show({ color: 'green', message: `${values.licencePlateCode.trim()} kaydedildi.` });
      onDone();
    } catch (error) {
      // Logged, and the modal stays open; the server's reason is shown as well.
      console.error('Süt aracı kaydedilemedi', error);
      setServerError(showServerError(form.setError, error, LABELS));
    }
  });

  return (
    <form onSubmit={form.handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <VehicleIdentityFields form={form} platePlaceholder="10 ABC 123" />
          <FormNumberField control={form.control} name="tankerCount" label={LABELS.tankerCount} />
          <FormNumberField
            control={form.control}
            name="tankerVolumePerUnit"
            label={LABELS.tankerVolumePerUnit}
            decimals={1}
          />
          <TextInput
            label="Toplam Hacim (L)"
            description="Tank sayısı × tank hacmi, otomatik hesaplanır"
            value={formatLitres(totalVolume)}
            readOnly
            variant="filled"
            data-testid="total-volume"
          />
        </SimpleGrid>
        <SaveFooter latest={latest} error={serverError} submitting={save.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
