import { ApproveBuyerBody, type BuyerField, type PendingBuyer } from '@mandira/contract/buyers';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { ChangeList } from '../../lib/pages/change-list.tsx';
import { useApproveBuyer, usePendingBuyer } from './api.ts';
import { BuyerForm } from './buyer-form.tsx';

/** The fields of the approval modal; title, code and name are required. */
const FIELDS: BuyerField[] = ['title', 'code', 'name', 'surname', 'email', 'phone1', 'addressMain'];
const REQUIRED: BuyerField[] = ['title', 'code', 'name'];

type Props = { pending: PendingBuyer | undefined; onClose: () => void };

export function ApproveBuyerModal({ pending, onClose }: Props) {
  const title = pending && !pending.isNew ? 'Müşteri Değişikliğini Onayla' : 'Yeni Müşteriyi Onayla';
  return (
    <FormModal opened={pending !== undefined} onClose={onClose} title={title} size="xl">
      {pending !== undefined && <ApproveForm key={pending.id} pendingId={pending.id} onDone={onClose} />}
    </FormModal>
  );
}

/** The record is read afresh, so the old → new list reflects the buyer as it is now. */
function ApproveForm({ pendingId, onDone }: { pendingId: number; onDone: () => void }) {
  const record = usePendingBuyer(pendingId);
  const approve = useApproveBuyer();
  const [serverError, setServerError] = useState<unknown>();
  const save = useSubmitGuard(async (values: z.output<typeof ApproveBuyerBody>) => {
    if (!record.data) return;
    setServerError(undefined);
    try {
      const buyer = await approve.mutateAsync({
        isNew: record.data.isNew,
        body: { ...values, id: pendingId },
      });
      notifications.show({ color: 'green', message: `${buyer.code} ${buyer.title} onaylandı.` });
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });

  if (record.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        Müşteri kaydı alınamadı: {errorMessage(record.error)}
      </Alert>
    );
  }
  if (!record.data) return <CenteredLoader label="Müşteri kaydı yükleniyor..." />;
  return (
    <BuyerForm
      schema={ApproveBuyerBody}
      fields={FIELDS}
      required={REQUIRED}
      initial={record.data}
      submitLabel="Müşteriyi Onayla"
      submitting={save.submitting}
      serverError={serverError}
      serverErrorTitle="Onaylanamadı"
      onSubmit={(values) => void save.run(values)}
      onCancel={onDone}
    >
      {!record.data.isNew && <ChangeList changes={record.data.changes} noun="müşteriyle" />}
    </BuyerForm>
  );
}
