import {
  CreateMilkDriverBody,
  GENDERS,
  type Gender,
  isMilkDriverNameBlank,
  MILK_DRIVER_NAME_REQUIRED,
  type MilkDriver,
} from '@mandira/contract/milk';
import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiRequestError } from '../../api/client.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { FormActions } from '../../lib/form-actions.tsx';
import { FormError } from '../../lib/form-error.tsx';
import { showServerError } from '../../lib/server-error.ts';
import { parseTurkishDate } from '../../lib/turkish-date.ts';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useSaveMilkDriver } from './api.ts';

/** Spec §8: the alert of a milk driver save that failed with an exception. */
const SAVE_FAILED = 'Kaydetme sırasında bir hata oluştu.';
/** Failures that are not the server refusing the record: no answer, or no usable answer. */
const NOT_A_REFUSAL = ['NETWORK_ERROR', 'UNEXPECTED_RESPONSE', 'INTERNAL'];
const GENDER_OPTIONS = [
  { value: '', label: 'Seçiniz' },
  ...GENDERS.map((gender) => ({ value: gender, label: gender })),
];

const LABELS = {
  name: 'Ad',
  surname: 'Soyad',
  gender: 'Cinsiyet',
  dateOfBirth: 'Doğum Tarihi',
  phone: 'Telefon',
  tckn: 'TC Kimlik No',
} as const;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateMilkDriverBody);

type Props = { opened: boolean; driver: MilkDriver | undefined; onClose: () => void };

export function MilkDriverFormModal({ opened, driver, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={driver ? 'Şoförü Düzenle' : 'Şoför Ekle'} size="lg">
      {opened && <MilkDriverForm key={driver?.id ?? 'new'} driver={driver} onDone={onClose} />}
    </Modal>
  );
}

type Values = {
  name: string;
  surname: string;
  gender: Gender | '';
  dateOfBirth: string;
  phone: string;
  tckn: string;
};

function MilkDriverForm({ driver, onDone }: { driver: MilkDriver | undefined; onDone: () => void }) {
  const saveDriver = useSaveMilkDriver();
  const [failure, setFailure] = useState<{ title?: string; message: string }>();
  const { register, control, handleSubmit, formState, setError } = useForm<Values>({
    resolver,
    defaultValues: {
      name: driver?.name ?? '',
      surname: driver?.surname ?? '',
      gender: driver?.gender ?? '',
      dateOfBirth: driver?.dateOfBirth ?? '',
      phone: driver?.phone ?? '',
      tckn: driver?.tckn ?? '',
    },
  });

  const save = useSubmitGuard(async (values: Values) => {
    setFailure(undefined);
    // Spec §5: checked here too, so the user learns it without a round trip.
    if (isMilkDriverNameBlank(values)) {
      setFailure({ message: MILK_DRIVER_NAME_REQUIRED });
      return;
    }
    try {
      await saveDriver.mutateAsync(driver ? { id: driver.id, ...values } : values);
      notifications.show({
        color: 'green',
        message: `${values.name.trim()} ${values.surname.trim()} kaydedildi.`,
      });
      onDone();
    } catch (error) {
      console.error('Süt aracı şoförü kaydedilemedi', error);
      // The server's refusal names what to fix; anything else is the spec's exception alert.
      const refused = error instanceof ApiRequestError && !NOT_A_REFUSAL.includes(error.code);
      if (!refused) {
        setFailure({ title: SAVE_FAILED, message: errorMessage(error) });
        return;
      }
      const message = showServerError(setError, error, LABELS);
      if (message) setFailure({ message });
    }
  });

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={LABELS.name}
            withAsterisk
            data-autofocus
            {...register('name')}
            error={formState.errors.name?.message}
          />
          <TextInput
            label={LABELS.surname}
            withAsterisk
            {...register('surname')}
            error={formState.errors.surname?.message}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field, fieldState }) => (
              <Select
                label={LABELS.gender}
                error={fieldState.error?.message}
                data={GENDER_OPTIONS}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
              />
            )}
          />
          <Controller
            control={control}
            name="dateOfBirth"
            render={({ field, fieldState }) => (
              <DateInput
                label={LABELS.dateOfBirth}
                error={fieldState.error?.message}
                placeholder="GG.AA.YYYY"
                valueFormat="DD.MM.YYYY"
                dateParser={(text) => parseTurkishDate(text)}
                maxDate={new Date()}
                defaultLevel={field.value ? 'month' : 'decade'}
                clearable
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
              />
            )}
          />
          <TextInput
            label={LABELS.phone}
            type="tel"
            placeholder="0532 000 00 00"
            {...register('phone')}
            error={formState.errors.phone?.message}
          />
          <TextInput
            label={LABELS.tckn}
            inputMode="numeric"
            maxLength={11}
            error={formState.errors.tckn?.message}
            {...register('tckn')}
          />
        </SimpleGrid>
        <FormError title={failure?.title} message={failure?.message} />
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
