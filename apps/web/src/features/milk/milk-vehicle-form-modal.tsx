import { CreateMilkVehicleBody, type MilkVehicle, milkVehicleTotalVolume } from '@mandira/contract/milk';
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { FormActions } from '../../lib/form-actions.tsx';
import { FormError } from '../../lib/form-error.tsx';
import { NumberField } from '../../lib/number-field.tsx';
import { showServerError } from '../../lib/server-error.ts';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useSaveMilkVehicle } from './api.ts';
import { formatLitres } from './milk-format.ts';

type Props = { opened: boolean; vehicle: MilkVehicle | undefined; onClose: () => void };

export function MilkVehicleFormModal({ opened, vehicle, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={vehicle ? 'Süt Aracını Düzenle' : 'Araç Ekle'} size="lg">
      {opened && <MilkVehicleForm key={vehicle?.id ?? 'new'} vehicle={vehicle} onDone={onClose} />}
    </Modal>
  );
}

const LABELS = {
  licencePlateCode: 'Plaka',
  brand: 'Marka',
  model: 'Model',
  productionYear: 'Üretim Yılı',
  yearOfPurchase: 'Satın Alma Yılı',
  tankerCount: 'Tank Sayısı',
  tankerVolumePerUnit: 'Tank Hacmi (L)',
} as const;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateMilkVehicleBody);

type Values = {
  licencePlateCode: string;
  brand: string;
  model: string;
  productionYear: number | undefined;
  yearOfPurchase: number | undefined;
  tankerCount: number | undefined;
  tankerVolumePerUnit: number | undefined;
};

/** Spec §3 defaults: empty text, the current year, 0 for the numbers. */
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

function MilkVehicleForm({ vehicle, onDone }: { vehicle: MilkVehicle | undefined; onDone: () => void }) {
  const saveVehicle = useSaveMilkVehicle();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver,
    defaultValues: defaultsOf(vehicle),
  });
  const [tankerCount, perUnit] = useWatch({ control, name: ['tankerCount', 'tankerVolumePerUnit'] });
  const totalVolume = milkVehicleTotalVolume(tankerCount, perUnit);

  const save = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    // The total goes along as the spec's screen sends it; the server computes its own regardless.
    const body = {
      ...values,
      totalVolume: milkVehicleTotalVolume(values.tankerCount, values.tankerVolumePerUnit),
    };
    try {
      await saveVehicle.mutateAsync(vehicle ? { id: vehicle.id, ...body } : body);
      notifications.show({ color: 'green', message: `${values.licencePlateCode.trim()} kaydedildi.` });
      onDone();
    } catch (error) {
      // Spec §8: logged, and the modal stays open; the server's reason is shown as well.
      console.error('Süt aracı kaydedilemedi', error);
      setServerError(showServerError(setError, error, LABELS));
    }
  });

  const numberField = (
    name: 'productionYear' | 'yearOfPurchase' | 'tankerCount' | 'tankerVolumePerUnit',
    extra: { decimalScale?: number; year?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={LABELS[name]}
          decimals={extra.decimalScale ?? 0}
          // '2.026' would read as a quantity; years are written without grouping.
          grouping={!extra.year}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={LABELS.licencePlateCode}
            placeholder="10 ABC 123"
            data-autofocus
            {...register('licencePlateCode')}
            error={formState.errors.licencePlateCode?.message}
          />
          <TextInput label={LABELS.brand} {...register('brand')} error={formState.errors.brand?.message} />
          <TextInput label={LABELS.model} {...register('model')} error={formState.errors.model?.message} />
          {numberField('productionYear', { year: true })}
          {numberField('yearOfPurchase', { year: true })}
          {numberField('tankerCount')}
          {numberField('tankerVolumePerUnit', { decimalScale: 1 })}
          <TextInput
            label="Toplam Hacim (L)"
            description="Tank sayısı × tank hacmi, otomatik hesaplanır"
            value={formatLitres(totalVolume)}
            readOnly
            variant="filled"
            data-testid="total-volume"
          />
        </SimpleGrid>
        <FormError message={serverError} />
        <FormActions
          submitting={save.submitting}
          onCancel={onDone}
          cancelLabel="İptal"
          submittingLabel="Kaydediliyor..."
        />
      </Stack>
    </form>
  );
}
