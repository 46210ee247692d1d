import {
  CreateDriverBody,
  DRIVER_STATUS_LABELS,
  DRIVER_STATUSES,
  type Driver,
  type DriverStatus,
} from '@mandira/contract/fleet';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { SaveFooter } from '../../lib/forms/save-footer.tsx';
import { showServerError } from '../../lib/forms/server-error.ts';
import { type LoadLatest, WithLatestRecord } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import {
  PERSON_LABELS,
  PersonFields,
  type PersonValues,
  personDefaults,
} from '../../lib/people/person-fields.tsx';
import { fetchDriver, useSaveDriver } from './api.ts';
import { StatusSelect } from './status-select.tsx';

const LABELS = {
  ...PERSON_LABELS,
  licenceNumber: 'Ehliyet No',
  status: 'Durum',
} as const;

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<Values>(CreateDriverBody);

type Props = { opened: boolean; driver: Driver | undefined; onClose: () => void };

/** 'Sürücü Bilgileri': a new driver, or the row's values to edit. */
export function DriverFormModal({ opened, driver, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Sürücü Bilgileri" size="lg">
      {opened && (
        <WithLatestRecord key={driver?.id ?? 'new'} record={driver} reload={fetchDriver}>
          {(latestRecord, latest) => <DriverForm driver={latestRecord} latest={latest} onDone={onClose} />}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

type Values = PersonValues & {
  licenceNumber: string;
  status: DriverStatus;
};

function DriverForm({
  driver,
  latest,
  onDone,
}: {
  driver: Driver | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const saveDriver = useSaveDriver();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      ...personDefaults(driver),
      licenceNumber: driver?.licenceNumber ?? '',
      // A new driver is available.
      status: driver?.status ?? 'AVAILABLE',
    },
  });

  const save = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    try {
      await saveDriver.mutateAsync(driver ? { id: driver.id, version: driver.version, ...values } : values);
      notifications.show({
        color: 'green',
        message: `${values.name.trim()} ${values.surname.trim()} kaydedildi.`,
      });
      onDone();
    } catch (error) {
      setServerError(showServerError(form.setError, error, LABELS));
    }
  });

  return (
    <form onSubmit={form.handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PersonFields form={form} />
          <TextInput
            label={LABELS.licenceNumber}
            {...form.register('licenceNumber')}
            error={form.formState.errors.licenceNumber?.message}
          />
          <StatusSelect control={form.control} statuses={DRIVER_STATUSES} labels={DRIVER_STATUS_LABELS} />
        </SimpleGrid>
        <SaveFooter latest={latest} error={serverError} submitting={save.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
