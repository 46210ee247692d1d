import type { ProductItem } from '@mandira/contract/products';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { type ItemFilters, useStockMovement } from './api.ts';
import { checkMovement, movementFailure } from './movement-failure.ts';
import { MovementForm } from './movement-form.tsx';
import {
  chosenLot,
  countRequest,
  initialCounts,
  type LotChoices,
  type LotErrors,
  type QuantityInputs,
} from './stock-changes.ts';

type Props = {
  item: ProductItem | null;
  filters: ItemFilters;
  title: string;
  onClose: () => void;
};

/** A stock count: the counted pieces overwrite each warehouse's stock. */
export function StockCountModal({ item, filters, title, onClose }: Props) {
  return (
    <FormModal opened={item !== null} onClose={onClose} size="xl" title={title}>
      {item && <StockCountForm key={item.id} item={item} filters={filters} onDone={onClose} />}
    </FormModal>
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
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [lotChoices, setLotChoices] = useState<LotChoices>({});
  const [lotErrors, setLotErrors] = useState<LotErrors>({});

  const save = useSubmitGuard(async () => {
    const body = countRequest(item.stocks, counts, notes, lotChoices);
    if ('refusal' in body) {
      setError(body.refusal);
      return;
    }
    const refused = checkMovement({ kind: 'count', body });
    setError(refused?.message);
    setLineErrors(refused?.lineErrors ?? {});
    setLotErrors(refused?.lotErrors ?? {});
    if (refused) return;
    try {
      await movement.mutateAsync({ kind: 'count', body });
      notifications.show({ color: 'green', message: `${item.stockCode}: sayım kaydedildi.` });
      onDone();
    } catch (failure) {
      const refusal = movementFailure(failure, body);
      setError(refusal.message);
      setLineErrors(refusal.lineErrors);
      setLotErrors(refusal.lotErrors);
    }
  });

  return (
    <MovementForm
      item={item}
      kind="count"
      quantities={counts}
      onQuantitiesChange={(change) => {
        setCounts(change);
        setLineErrors({});
      }}
      lineErrors={lineErrors}
      lotChoices={lotChoices}
      onLotChoice={(lineId, lotId) => {
        // Counting one lot starts from what that lot holds; no lot, from the whole line.
        const line = item.stocks.find((stock) => stock.id === lineId)!;
        setLotChoices((current) => ({ ...current, [lineId]: lotId }));
        setCounts((current) => ({ ...current, [lineId]: chosenLot(line, lotId)?.quantity ?? line.quantity }));
        setLotErrors(({ [lineId]: _, ...others }) => others);
      }}
      lotErrors={lotErrors}
      notes={notes}
      onNotesChange={setNotes}
      error={error}
      submitting={save.submitting}
      submitLabel="Kaydet"
      submittingLabel="Kaydediliyor..."
      onSubmit={() => void save.run()}
      onCancel={onDone}
    />
  );
}
