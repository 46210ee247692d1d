import type { Product } from '@mandira/contract/sellable-products';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type LoadLatest, WithLatestRecord } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { fetchSellableProduct, useSaveSellableProduct } from './api.ts';
import { SellableForm, type SellableFormOutput } from './sellable-form.tsx';

type Editing = { product: Product | undefined } | null;

/** Create ('Satış Ürünü Ekle') or edit ('Düzenle'); a failed save keeps the modal and the bundle. */
export function SellableFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.product ? 'Satış Ürününü Düzenle' : 'Satış Ürünü Ekle'}
      size="xl"
    >
      {editing && (
        <WithLatestRecord
          key={editing.product?.id ?? 'new'}
          record={editing.product}
          reload={fetchSellableProduct}
        >
          {(latestRecord, latest) => <FormBody product={latestRecord} latest={latest} onDone={onClose} />}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

function FormBody({
  product,
  latest,
  onDone,
}: {
  product: Product | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const saveProduct = useSaveSellableProduct();
  const [serverError, setServerError] = useState<unknown>();
  const save = useSubmitGuard(async (values: SellableFormOutput) => {
    setServerError(undefined);
    try {
      const saved = await saveProduct.mutateAsync(
        product ? { ...values, id: product.id, version: product.version } : values,
      );
      notifications.show({ color: 'green', message: `${saved.name} kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(error);
    }
  });
  return (
    <SellableForm
      product={product}
      submitting={save.submitting}
      serverError={serverError}
      latest={latest}
      onSubmit={(values) => void save.run(values)}
      onCancel={onDone}
    />
  );
}
