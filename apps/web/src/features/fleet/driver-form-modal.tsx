import {
  CreateDriverBody,
  DRIVER_STATUS_LABELS,
  DRIVER_STATUSES,
  type Driver,
  type DriverStatus,
  GENDERS,
  type Gender,
} from '@mandira/contract/fleet';
import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { FormActions } from '../../lib/form-actions.tsx';
import { FormError } from '../../lib/form-error.tsx';
import { showServerError } from '../../lib/server-error.ts';
import { parseTurkishDate } from '../../lib/turkish-date.ts';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useSaveDriver } from './api.ts';

/** Spec §2: an empty 'Seçiniz', then Erkek and Kadın. */
const GENDER_OPTIONS = [
  { value: '', label: 'Seçiniz' },
  ...GENDERS.map((gender) => ({ value: gender, label: gender })),
];
const STATUS_OPTIONS = DRIVER_STATUSES.map((status) => ({
  value: status,
  label: DRIVER_STATUS_LABELS[status],
}));

const LABELS = {
  name: 'Ad',
  surname: 'Soyad',
  gender: 'Cinsiyet',
  dateOfBirth: 'Doğum Tarihi',
  phone: 'Telefon',
  tckn: 'TC Kimlik No',
  licenceNumber: 'Ehliyet No',
  status: 'Durum',
} as const;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateDriverBody);

type Props = { opened: boolean; driver: Driver | undefined; onClose: () => void };

/** 'Sürücü Bilgileri' (spec §2): a new driver, or the row's values to edit. */
export function DriverFormModal({ opened, driver, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sürücü Bilgileri" size="lg">
      {opened && <DriverForm key={driver?.id ?? 'new'} driver={driver} onDone={onClose} />}
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
  licenceNumber: string;
  status: DriverStatus;
};

function DriverForm({ driver, onDone }: { driver: Driver | undefined; onDone: () => void }) {
  const saveDriver = useSaveDriver();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, formState, setError } = useForm<Values>({
    resolver,
    defaultValues: {
      name: driver?.name ?? '',
      surname: driver?.surname ?? '',
      gender: driver?.gender ?? '',
      dateOfBirth: driver?.dateOfBirth ?? '',
      phone: driver?.phone ?? '',
      tckn: driver?.tckn ?? '',
      licenceNumber: driver?.licenceNumber ?? '',
      // Spec §9: a new driver is available.
      status: driver?.status ?? 'AVAILABLE',
    },
  });

  const save = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    try {
      await saveDriver.mutateAsync(driver ? { id: driver.id, ...values } : values);
      notifications.show({
        color: 'green',
        message: `${values.name.trim()} ${values.surname.trim()} kaydedildi.`,
      });
      onDone();
    } catch (error) {
      setServerError(showServerError(setError, error, LABELS));
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
            {...register('tckn')}
            error={formState.errors.tckn?.message}
          />
          <TextInput
            label={LABELS.licenceNumber}
            {...register('licenceNumber')}
            error={formState.errors.licenceNumber?.message}
          />
          <Controller
            control={control}
            name="status"
            render={({ field, fieldState }) => (
              <Select
                label={LABELS.status}
                data={STATUS_OPTIONS}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'AVAILABLE')}
                error={fieldState.error?.message}
              />
            )}
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
