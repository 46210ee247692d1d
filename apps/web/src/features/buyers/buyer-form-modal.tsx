import { type Buyer, CreateBuyerBody } from '@mandira/contract/buyers';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { z } from 'zod';
import { isStaleRecord, StaleRecordAlert, useEditedRecord } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { fetchBuyer, useSaveBuyer } from './api.ts';
import { BuyerForm, type BuyerFormField } from './buyer-form.tsx';

const FIELDS: BuyerFormField[] = [
  'code',
  'vkn',
  'title',
  'name',
  'surname',
  'email',
  'tckn',
  'phone1',
  'phone2',
  'taxOffice',
  'addressMain',
  'addressSecondary',
  'minRemainingShelfLifeDays',
];

type Props = { opened: boolean; buyer: Buyer | undefined; onClose: () => void };

/** 'Müşteri Ekle' / 'Düzenle': every buyer field; a refused save keeps the modal open with the reason. */
export function BuyerFormModal({ opened, buyer, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={buyer ? 'Müşteriyi Düzenle' : 'Müşteri Ekle'}
      size="xl"
    >
      {opened && <BuyerEditForm key={buyer?.id ?? 'new'} buyer={buyer} onDone={onClose} />}
    </FormModal>
  );
}

function BuyerEditForm({ buyer, onDone }: { buyer: Buyer | undefined; onDone: () => void }) {
  const saveBuyer = useSaveBuyer();
  const [serverError, setServerError] = useState<unknown>();
  // The version the form was opened with goes back with the save: a stale one is refused (409).
  const edited = useEditedRecord(buyer, () => (buyer ? fetchBuyer(buyer.id) : Promise.resolve(undefined)));
  const save = useSubmitGuard(async (values: z.output<typeof CreateBuyerBody>) => {
    setServerError(undefined);
    try {
      const saved = await saveBuyer.mutateAsync(
        buyer ? { ...values, id: buyer.id, version: edited.version } : values,
      );
      notifications.show({ color: 'green', message: `${saved.code} ${saved.title} kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });
  return (
    <BuyerForm
      key={edited.generation}
      schema={CreateBuyerBody}
      fields={FIELDS}
      required={['code', 'title']}
      initial={edited.record}
      submitLabel="Kaydet"
      submitting={save.submitting}
      serverError={isStaleRecord(serverError) ? undefined : serverError}
      onSubmit={(values) => void save.run(values)}
      onCancel={onDone}
    >
      <StaleRecordAlert
        error={serverError}
        loading={edited.loading}
        onLoadLatest={() => void edited.loadLatest().then(() => setServerError(undefined))}
      />
    </BuyerForm>
  );
}
