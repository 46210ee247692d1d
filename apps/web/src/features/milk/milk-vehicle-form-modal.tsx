import { type MilkVehicle, milkVehicleTotalVolume } from '@mandira/contract/milk';
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../lib/error-message.ts';
import { FormActions } from '../../lib/form-actions.tsx';
import { FormError } from '../../lib/form-error.tsx';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useSaveMilkVehicle } from './api.ts';
import { formatLitres } from './milk-format.ts';
import { OptionalNumberInput } from './optional-number-input.tsx';

type Props = { opened: boolean; vehicle: MilkVehicle | undefined; onClose: () => void };

export function MilkVehicleFormModal({ opened, vehicle, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={vehicle ? 'Süt Aracını Düzenle' : 'Araç Ekle'} size="lg">
      {opened && <MilkVehicleForm key={vehicle?.id ?? 'new'} vehicle={vehicle} onDone={onClose} />}
    </Modal>
  );
}

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
  const { register, control, handleSubmit } = useForm<Values>({ defaultValues: defaultsOf(vehicle) });
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
      setServerError(errorMessage(error));
    }
  });

  const numberField = (
    name: keyof Values,
    label: string,
    extra: { decimalScale?: number; year?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <OptionalNumberInput
          label={label}
          min={0}
          allowNegative={false}
          decimalScale={extra.decimalScale ?? 0}
          // '2.026' would read as a quantity; years are written without grouping.
          thousandSeparator={extra.year ? false : '.'}
          value={field.value as number | undefined}
          onChange={field.onChange}
        />
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Plaka"
            placeholder="10 ABC 123"
            data-autofocus
            {...register('licencePlateCode')}
          />
          <TextInput label="Marka" {...register('brand')} />
          <TextInput label="Model" {...register('model')} />
          {numberField('productionYear', 'Üretim Yılı', { year: true })}
          {numberField('yearOfPurchase', 'Satın Alma Yılı', { year: true })}
          {numberField('tankerCount', 'Tank Sayısı')}
          {numberField('tankerVolumePerUnit', 'Tank Hacmi (L)', { decimalScale: 1 })}
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
