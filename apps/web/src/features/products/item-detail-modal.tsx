import type { ProductItem } from '@mandira/contract/products';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { useSaveProductItem } from './api.ts';
import { ItemDetail } from './item-detail.tsx';
import { ItemForm, type ItemFormOutput } from './item-form.tsx';

type Props = { item: ProductItem | undefined; onClose: () => void };

/** 'Detaylı İncele' opens read-only; 'Düzenle' turns it into the form, frozen fields locked. */
export function ItemDetailModal({ item, onClose }: Props) {
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <FormModal
      opened={item !== undefined}
      onClose={close}
      title={editing ? 'Ürünü Düzenle' : `Ürün Detayı: ${item?.stockCode ?? ''}`}
      size="xl"
    >
      {item &&
        (editing ? (
          <EditForm key={item.id} item={item} onDone={close} onCancel={() => setEditing(false)} />
        ) : (
          <Stack gap="md">
            <ItemDetail item={item} />
            <ModalFooter>
              <Button variant="default" onClick={close}>
                Kapat
              </Button>
              <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                Düzenle
              </Button>
            </ModalFooter>
          </Stack>
        ))}
    </FormModal>
  );
}

function EditForm({
  item,
  onDone,
  onCancel,
}: {
  item: ProductItem;
  onDone: () => void;
  onCancel: () => void;
}) {
  const saveItem = useSaveProductItem();
  const [serverError, setServerError] = useState<unknown>();
  const save = useSubmitGuard(async (values: ItemFormOutput) => {
    setServerError(undefined);
    try {
      await saveItem.mutateAsync({ ...values, id: item.id, version: item.version });
      notifications.show({ color: 'green', message: `${values.stockCode} ${values.name} kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });
  return (
    <ItemForm
      initial={item}
      frozen={item.frozen}
      submitLabel="Kaydet"
      submitting={save.submitting}
      serverError={serverError}
      onSubmit={(values) => void save.run(values)}
      onCancel={onCancel}
    />
  );
}
