import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { useSaveProductItem } from './api.ts';
import { ItemForm, type ItemFormOutput } from './item-form.tsx';

/** 'Ürün Ekle': the modal 'Stoklu Ürün Ekle'; a failed save keeps it open with the server's reason. */
export function ItemCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Stoklu Ürün Ekle" size="xl">
      {opened && <CreateForm onDone={onClose} />}
    </FormModal>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const saveItem = useSaveProductItem();
  const [serverError, setServerError] = useState<unknown>();
  const save = useSubmitGuard(async (values: ItemFormOutput) => {
    setServerError(undefined);
    try {
      const item = await saveItem.mutateAsync(values);
      notifications.show({ color: 'green', message: `${item.stockCode} ${item.name} kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });
  return (
    <ItemForm
      submitLabel="Kaydet"
      submitting={save.submitting}
      serverError={serverError}
      onSubmit={(values) => void save.run(values)}
      onCancel={onDone}
    />
  );
}
