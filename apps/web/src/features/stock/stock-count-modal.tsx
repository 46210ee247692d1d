import type { ProductItem } from '@mandira/contract/products';
import { Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { FormActions } from '../../lib/form-actions.tsx';
import { FormError } from '../../lib/form-error.tsx';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { type ItemFilters, useStockMovement } from './api.ts';
import { LineQuantityTable } from './line-quantity-table.tsx';
import { countRequest, initialCounts, type QuantityInputs } from './stock-changes.ts';
import { StockWarning } from './stock-warning.tsx';

type Props = {
  item: ProductItem | null;
  filters: ItemFilters;
  title: string;
  onClose: () => void;
};

/** A stock count (spec §2, §5): the counted pieces overwrite each warehouse's stock. */
export function StockCountModal({ item, filters, title, onClose }: Props) {
  return (
    <Modal opened={item !== null} onClose={onClose} size="xl" title={title}>
      {item && <StockCountForm key={item.id} item={item} filters={filters} onDone={onClose} />}
    </Modal>
  );
}

function StockCountForm({
  item,
  filters,
  onDone,
}: {
  item: ProductItem;
  filters: ItemFilters;
  onDone: () => void;
}) {
  const movement = useStockMovement(filters);
  const [counts, setCounts] = useState<QuantityInputs>(() => initialCounts(item.stocks));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();

  const save = useSubmitGuard(async () => {
    setError(undefined);
    try {
      await movement.mutateAsync({ kind: 'count', body: countRequest(item.stocks, counts, notes) });
      notifications.show({ color: 'green', message: `${item.stockCode}: sayım kaydedildi.` });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
      noValidate
    >
      <Stack gap="md">
        <StockWarning kind="count" />
        <LineQuantityTable
          item={item}
          kind="count"
          values={counts}
          onChange={(lineId, value) => setCounts((current) => ({ ...current, [lineId]: value }))}
        />
        <Textarea
          label="Açıklama"
          autosize
          minRows={2}
          maxLength={1000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <FormError message={error} />
        <FormActions
          submitting={save.submitting}
          onCancel={onDone}
          cancelLabel="İptal"
          submitLabel="Kaydet"
          submittingLabel="Kaydediliyor..."
        />
      </Stack>
    </form>
  );
}
