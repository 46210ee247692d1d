import type { ProductItem } from '@mandira/contract/products';
import { INBOUND_TYPE_LABELS, OUTBOUND_TYPE_LABELS } from '@mandira/contract/stock';
import { Alert, Button, Group, Input } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { WithAllLots } from '../../lib/lots/with-all-lots.tsx';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { type ItemFilters, useStockMovement } from './api.ts';
import type { GoodsPrefill } from './goods-page-prefill.ts';
import { GoodsScan } from './goods-scan.tsx';
import { checkMovement, movementFailure } from './movement-failure.ts';
import { MovementForm } from './movement-form.tsx';
import {
  type GoodsKind,
  goodsRequest,
  type LotChoices,
  type LotErrors,
  type LotInputs,
  type QuantityInputs,
} from './stock-changes.ts';

const TITLES = { import: 'Mal Giriş', export: 'Mal Çıkış' } as const;
const TYPES = { import: INBOUND_TYPE_LABELS, export: OUTBOUND_TYPE_LABELS } as const;
const DONE = { import: 'Mal girişi kaydedildi.', export: 'Mal çıkışı kaydedildi.' } as const;

type Props = {
  /**
   * The row the modal was opened from, with the movement; null when closed. A scan on the page opens it
   * with what the label filled (`prefill`).
   */
  target: { item: ProductItem; kind: GoodsKind; prefill?: GoodsPrefill } | null;
  filters: ItemFilters;
  onClose: () => void;
};

/**
 * Goods-in and goods-out: a movement type, pieces per warehouse and a description.
 * The form lives only while the modal is open, so closing it forgets item, type, error and description.
 */
export function GoodsModal({ target, filters, onClose }: Props) {
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      size="xl"
      title={target ? `${TITLES[target.kind]}: ${target.item.stockCode} - ${target.item.name}` : ''}
    >
      {target && (
        // Goods-out and counts choose among every lot of a line, and a list's row carries its first ones.
        <WithAllLots item={target.item}>
          {(item) => (
            <GoodsForm
              // A new scan of the same item starts a new form with its label's fill.
              key={`${target.kind}-${target.item.id}-${target.prefill?.note ?? ''}`}
              {...target}
              item={item}
              filters={filters}
              onDone={onClose}
            />
          )}
        </WithAllLots>
      )}
    </FormModal>
  );
}

function GoodsForm({
  item,
  kind,
  filters,
  prefill,
  onDone,
}: {
  item: ProductItem;
  kind: GoodsKind;
  filters: ItemFilters;
  prefill?: GoodsPrefill;
  onDone: () => void;
}) {
  const movement = useStockMovement(filters);
  const [movementType, setMovementType] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<QuantityInputs>(prefill?.quantities ?? {});
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [lots, setLots] = useState<LotInputs>(prefill?.lots ?? {});
  const [lotChoices, setLotChoices] = useState<LotChoices>(prefill?.lotChoices ?? {});
  const [lotErrors, setLotErrors] = useState<LotErrors>({});

  const apply = useSubmitGuard(async () => {
    const request = goodsRequest(kind, {
      lines: item.stocks,
      quantities,
      movementType,
      notes,
      lots,
      lotRequired: item.warehouseStockType === 'FOODS',
      lotChoices,
    });
    if ('refusal' in request) {
      setError(request.refusal);
      setLotErrors(request.lotErrors ?? {});
      return;
    }
    const refused = checkMovement(request);
    setError(refused?.message);
    setLineErrors(refused?.lineErrors ?? {});
    setLotErrors(refused?.lotErrors ?? {});
    if (refused) return;
    try {
      await movement.mutateAsync(request);
      notifications.show({ color: 'green', message: `${item.stockCode}: ${DONE[kind]}` });
      onDone();
    } catch (failure) {
      // A refused goods-out (409) names product, warehouse, on hand and requested; nothing changed.
      const refusal = movementFailure(failure, request.body);
      setError(refusal.message);
      setLineErrors(refusal.lineErrors);
      setLotErrors(refusal.lotErrors);
    }
  });

  return (
    <MovementForm
      item={item}
      kind={kind}
      quantities={quantities}
      onQuantitiesChange={(change) => {
        setQuantities(change);
        setLineErrors({});
      }}
      lineErrors={lineErrors}
      lots={lots}
      onLotChange={(lineId, lot) => {
        setLots((current) => ({ ...current, [lineId]: lot }));
        setLotErrors(({ [lineId]: _, ...others }) => others);
      }}
      lotRequired={kind === 'import' && item.warehouseStockType === 'FOODS'}
      lotChoices={lotChoices}
      onLotChoice={(lineId, lotId) => {
        setLotChoices((current) => ({ ...current, [lineId]: lotId }));
        setLotErrors(({ [lineId]: _, ...others }) => others);
      }}
      lotErrors={lotErrors}
      notes={notes}
      onNotesChange={setNotes}
      error={error}
      submitting={apply.submitting}
      submitLabel="Uygula"
      submittingLabel="Uygulanıyor..."
      onSubmit={() => void apply.run()}
      onCancel={onDone}
    >
      {prefill?.note && (
        <Alert color="teal" role="status" data-testid="goods-prefill-note">
          {prefill.note}
        </Alert>
      )}
      {kind === 'import' && (
        <GoodsScan
          item={item}
          lines={item.stocks}
          lots={lots}
          onLotsChange={setLots}
          quantities={quantities}
          onQuantitiesChange={setQuantities}
          initialLineId={Number(Object.keys(prefill?.quantities ?? {})[0]) || undefined}
        />
      )}
      <Input.Wrapper label="İşlem Tipi" withAsterisk>
        <Group gap="xs" mt={4} role="group" aria-label="İşlem Tipi">
          {Object.entries(TYPES[kind]).map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={movementType === value ? 'filled' : 'default'}
              color={kind === 'import' ? 'teal' : 'orange'}
              aria-pressed={movementType === value}
              onClick={() => {
                setMovementType(value);
                setError(undefined);
              }}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Input.Wrapper>
    </MovementForm>
  );
}
