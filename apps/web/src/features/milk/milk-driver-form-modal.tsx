import {
  CreateMilkDriverBody,
  isMilkDriverNameBlank,
  MILK_DRIVER_NAME_REQUIRED,
  type MilkDriver,
} from '@mandira/contract/milk';
import { SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiRequestError } from '../../api/client.ts';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
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
import { fetchMilkDriver, useSaveMilkDriver } from './api.ts';

/** The alert of a milk driver save that failed with an exception. */
const SAVE_FAILED = 'Kaydetme sırasında bir hata oluştu.';
/** Failures that are not the server refusing the record: no answer, or no usable answer. */
const NOT_A_REFUSAL = ['NETWORK_ERROR', 'UNEXPECTED_RESPONSE', 'INTERNAL'];

// The server's schema, so most mistakes show on their field before anything is sent.
const resolver = contractResolver<PersonValues>(CreateMilkDriverBody);

type Props = { opened: boolean; driver: MilkDriver | undefined; onClose: () => void };

export function MilkDriverFormModal({ opened, driver, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={driver ? 'Şoförü Düzenle' : 'Şoför Ekle'} size="lg">
      {opened && (
        <WithLatestRecord key={driver?.id ?? 'new'} record={driver} reload={fetchMilkDriver}>
          {(latestRecord, latest) => (
            <MilkDriverForm driver={latestRecord} latest={latest} onDone={onClose} />
          )}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

function MilkDriverForm({
  driver,
  latest,
  onDone,
}: {
  driver: MilkDriver | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const saveDriver = useSaveMilkDriver();
  const [failure, setFailure] = useState<{ title?: string; message: string }>();
  const form = useForm<PersonValues>({
    resolver,
    defaultValues: personDefaults(driver),
  });

  const save = useSubmitGuard(async (values: PersonValues) => {
    setFailure(undefined);
    // Checked here too, so the user learns it without a round trip.
    if (isMilkDriverNameBlank(values)) {
      setFailure({ message: MILK_DRIVER_NAME_REQUIRED });
      return;
    }
    try {
      await saveDriver.mutateAsync(driver ? { id: driver.id, version: driver.version, ...values } : values);
      notifications.show({
        color: 'green',
        message: `${values.name.trim()} ${values.surname.trim()} kaydedildi.`,
      });
      onDone();
    } catch (error) {
      console.error('Süt aracı şoförü kaydedilemedi', error);
      // The server's refusal names what to fix; anything else gets the generic save-failure alert.
      const refused = error instanceof ApiRequestError && !NOT_A_REFUSAL.includes(error.code);
      if (!refused) {
        setFailure({ title: SAVE_FAILED, message: errorMessage(error) });
        return;
      }
      const message = showServerError(form.setError, error, PERSON_LABELS);
      if (message) setFailure({ message });
    }
  });

  return (
    <form onSubmit={form.handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PersonFields form={form} />
        </SimpleGrid>
        <SaveFooter
          latest={latest}
          errorTitle={failure?.title}
          error={failure?.message}
          submitting={save.submitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
