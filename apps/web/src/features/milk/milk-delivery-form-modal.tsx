import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  CreateMilkDeliveryBody,
  type MilkDelivery,
  type MilkDriver,
  type MilkVehicle,
} from '@mandira/contract/milk';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { parseTurkishDate } from '../../lib/format/turkish-date.ts';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { FormNumberField } from '../../lib/forms/form-number-field.tsx';
import { SaveFooter } from '../../lib/forms/save-footer.tsx';
import { sortedOptions } from '../../lib/forms/select-options.ts';
import { showServerError } from '../../lib/forms/server-error.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { useSaveMilkDelivery } from './api.ts';

/** The alert of an unsuccessful milk delivery save. */
const SAVE_FAILED = 'Kaydetme sırasında hata oluştu.';

const LABELS = {
  milkVehicleId: 'Araç',
  milkVehicleDriverId: 'Şoför',
  deliveredCowMilkVolume: 'İnek Sütü (L)',
  deliveredSheepMilkVolume: 'Koyun Sütü (L)',
  deliveredGoatMilkVolume: 'Keçi Sütü (L)',
  deliveryDateTime: 'Teslimat Zamanı',
} as const;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateMilkDeliveryBody);

type Props = {
  opened: boolean;
  delivery: MilkDelivery | undefined;
  vehicles: MilkVehicle[];
  drivers: MilkDriver[];
  onClose: () => void;
};

export function MilkDeliveryFormModal({ opened, delivery, vehicles, drivers, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={delivery ? 'Teslimatı Düzenle' : 'Yeni Teslimat'}
      size="lg"
    >
      {opened && (
        <MilkDeliveryForm
          key={delivery?.id ?? 'new'}
          delivery={delivery}
          vehicles={vehicles}
          drivers={drivers}
          onDone={onClose}
        />
      )}
    </FormModal>
  );
}

type Values = {
  milkVehicleId: string | undefined;
  milkVehicleDriverId: string | undefined;
  /** Null once emptied: the contract saves an empty one as 0 litres. */
  deliveredCowMilkVolume: number | null;
  deliveredSheepMilkVolume: number | null;
  deliveredGoatMilkVolume: number | null;
  /** Istanbul wall-clock time as Mantine holds it, 'YYYY-MM-DD HH:mm:ss'. */
  deliveryDateTime: string;
};

/** A new delivery: 0 litres of each milk, now. */
function defaultsOf(delivery: MilkDelivery | undefined): Values {
  return {
    milkVehicleId: delivery ? String(delivery.milkVehicleId) : undefined,
    milkVehicleDriverId: delivery ? String(delivery.milkVehicleDriverId) : undefined,
    deliveredCowMilkVolume: delivery?.deliveredCowMilkVolume ?? 0,
    deliveredSheepMilkVolume: delivery?.deliveredSheepMilkVolume ?? 0,
    deliveredGoatMilkVolume: delivery?.deliveredGoatMilkVolume ?? 0,
    deliveryDateTime: `${(delivery?.deliveryDateTime ?? toIstanbulIso(new Date())).slice(0, 16).replace('T', ' ')}:00`,
  };
}

function MilkDeliveryForm({
  delivery,
  vehicles,
  drivers,
  onDone,
}: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const saveDelivery = useSaveMilkDelivery();
  const [serverError, setServerError] = useState<string>();
  const { control, handleSubmit, setError } = useForm<Values>({
    resolver,
    defaultValues: defaultsOf(delivery),
  });

  const save = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    const body = {
      ...values,
      milkVehicleId: Number(values.milkVehicleId),
      milkVehicleDriverId: Number(values.milkVehicleDriverId),
      // Without an offset: the server reads it as Istanbul time, whatever the browser's zone.
      deliveryDateTime: values.deliveryDateTime.slice(0, 16).replace(' ', 'T'),
    };
    try {
      await saveDelivery.mutateAsync(delivery ? { id: delivery.id, ...body } : body);
      notifications.show({ color: 'green', message: 'Teslimat kaydedildi.' });
      onDone();
    } catch (error) {
      console.error('Süt teslimatı kaydedilemedi', error);
      setServerError(showServerError(setError, error, LABELS));
    }
  });

  const vehicleOptions = sortedOptions(
    vehicles.map((vehicle) => ({ value: String(vehicle.id), label: vehicle.licencePlateCode })),
  );
  const driverOptions = sortedOptions(
    drivers.map((driver) => ({ value: String(driver.id), label: `${driver.name} ${driver.surname}` })),
  );
  const litres = (
    name: 'deliveredCowMilkVolume' | 'deliveredSheepMilkVolume' | 'deliveredGoatMilkVolume',
  ) => <FormNumberField control={control} name={name} label={LABELS[name]} decimals={1} unit="L" />;

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="milkVehicleId"
            render={({ field, fieldState }) => (
              <Select
                label="Araç"
                placeholder="Plaka seçiniz"
                // The first field has focus when the modal opens; its list waits for a click or a key.
                openOnFocus={false}
                data={vehicleOptions}
                searchable
                nothingFoundMessage="Araç bulunamadı"
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={fieldState.error?.message}
                data-autofocus
              />
            )}
          />
          <Controller
            control={control}
            name="milkVehicleDriverId"
            render={({ field, fieldState }) => (
              <Select
                label="Şoför"
                placeholder="Şoför seçiniz"
                data={driverOptions}
                searchable
                nothingFoundMessage="Şoför bulunamadı"
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={fieldState.error?.message}
              />
            )}
          />
          {litres('deliveredCowMilkVolume')}
          {litres('deliveredSheepMilkVolume')}
          {litres('deliveredGoatMilkVolume')}
          <Controller
            control={control}
            name="deliveryDateTime"
            render={({ field, fieldState }) => (
              <DateInput
                label="Teslimat Zamanı"
                placeholder="GG.AA.YYYY SS:DD"
                valueFormat="DD.MM.YYYY HH:mm"
                withTime
                dateParser={(text) => parseTurkishDate(text, true)}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <SaveFooter
          errorTitle={SAVE_FAILED}
          error={serverError}
          submitting={save.submitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
