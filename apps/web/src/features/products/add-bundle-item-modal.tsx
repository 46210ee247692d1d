import { storageFormOf } from '@mandira/contract/products';
import {
  DUPLICATE_BUNDLE_ITEM_MESSAGE,
  INVALID_BUNDLE_LINE_MESSAGE,
  type ItemCard,
} from '@mandira/contract/sellable-products';
import { Alert, Button, Select, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { useItemCards } from './api.ts';
import type { BundleDraft } from './bundle-lines.ts';

type Props = {
  opened: boolean;
  lines: readonly BundleDraft[];
  onAdd: (line: BundleDraft) => void;
  onClose: () => void;
};

/**
 * 'İçerik Ekle': one item and its quantity, with its two refusals (docs/domain/products-and-reservations.md).
 */
export function AddBundleItemModal({ opened, lines, onAdd, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title="İçerik Ekle" size="lg" zIndex={310}>
      {opened && <AddForm lines={lines} onAdd={onAdd} onClose={onClose} />}
    </FormModal>
  );
}

function AddForm({ lines, onAdd, onClose }: Omit<Props, 'opened'>) {
  const cards = useItemCards();
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | undefined>(1);
  const [refusal, setRefusal] = useState<string>();

  function add() {
    const card = cards.data?.find((c) => String(c.id) === itemId);
    if (!card || typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      setRefusal(INVALID_BUNDLE_LINE_MESSAGE);
      return;
    }
    if (lines.some((line) => line.card.id === card.id)) {
      setRefusal(DUPLICATE_BUNDLE_ITEM_MESSAGE);
      return;
    }
    onAdd({ card, quantity });
    onClose();
  }

  return (
    <Stack gap="md">
      <Select
        label="Ürün"
        placeholder={cards.isPending ? 'Ürünler yükleniyor...' : 'Ürün seçiniz'}
        searchable
        nothingFoundMessage="Ürün bulunamadı"
        data={(cards.data ?? []).map((card: ItemCard) => ({
          value: String(card.id),
          label: `${card.stockCode} · ${card.name} · ${storageFormOf(card)}`,
        }))}
        value={itemId}
        onChange={setItemId}
        error={cards.error ? errorMessage(cards.error) : undefined}
        comboboxProps={{ zIndex: 320 }}
      />
      <NumberField label="Miktar (adet)" value={quantity} onChange={setQuantity} />
      {refusal && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          data-testid="bundle-refusal"
        >
          {refusal}
        </Alert>
      )}
      <ModalFooter>
        <CancelButton onClick={onClose} />
        <Button onClick={add}>Ekle</Button>
      </ModalFooter>
    </Stack>
  );
}
