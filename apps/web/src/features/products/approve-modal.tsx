import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { useApprovePendingItem, usePendingItem } from './api.ts';
import { ItemForm, type ItemFormOutput } from './item-form.tsx';
import { PendingChanges } from './pending-changes.tsx';

type Props = { pendingId: number | undefined; onClose: () => void };

/** 'Ürünü Tanımla': the pending record, freshly read, in the item form; saving defines the item. */
export function ApproveModal({ pendingId, onClose }: Props) {
  return (
    <FormModal opened={pendingId !== undefined} onClose={onClose} title="Ürünü Tanımla" size="xl">
      {pendingId !== undefined && <ApproveForm key={pendingId} pendingId={pendingId} onDone={onClose} />}
    </FormModal>
  );
}

function ApproveForm({ pendingId, onDone }: { pendingId: number; onDone: () => void }) {
  const pending = usePendingItem(pendingId);
  const approve = useApprovePendingItem();
  const [serverError, setServerError] = useState<unknown>();
  const save = useSubmitGuard(async (values: ItemFormOutput) => {
    setServerError(undefined);
    try {
      const item = await approve.mutateAsync({ ...values, id: pendingId });
      notifications.show({ color: 'green', message: `${item.stockCode} ${item.name} tanımlandı.` });
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });

  if (pending.error || (pending.isSuccess && !pending.data)) {
    return (
      <Alert color="red" variant="light" role="alert">
        Ürün detayları alınamadı ❌
      </Alert>
    );
  }
  if (!pending.data) return <CenteredLoader label="Ürün detayları yükleniyor..." />;
  const record = pending.data;
  return (
    <ItemForm
      initial={record}
      frozen={record.frozen}
      submitLabel="Ürünü Tanımla"
      submitting={save.submitting}
      serverError={serverError}
      onSubmit={(values) => void save.run(values)}
      onCancel={onDone}
    >
      {!record.isNew && <PendingChanges changes={record.changes} />}
    </ItemForm>
  );
}
