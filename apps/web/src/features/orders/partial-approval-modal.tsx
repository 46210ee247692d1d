import { wholeBoxesOf } from '@mandira/contract/order-machines';
import type { OrderItem } from '@mandira/contract/orders';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';

type Props = {
  item: OrderItem | null;
  submitting: boolean;
  onApprove: (item: OrderItem, pieces: number) => void;
  onClose: () => void;
};

/**
 * 'Kısmi Onay': the user types boxes, approved as boxes × box size; the maximum shown is the
 * item's whole boxes. The button stays disabled while the pieces are 1 or less, or not fewer than
 * ordered (that would not be partial; the server refuses it too).
 */
export function PartialApprovalModal({ item, submitting, onApprove, onClose }: Props) {
  return (
    <FormModal opened={item !== null} onClose={onClose} title="Kısmi Onay">
      {item && (
        <PartialApprovalForm
          key={item.id}
          item={item}
          submitting={submitting}
          onApprove={onApprove}
          onClose={onClose}
        />
      )}
    </FormModal>
  );
}

function PartialApprovalForm({ item, submitting, onApprove, onClose }: Props & { item: OrderItem }) {
  const maxBoxes = wholeBoxesOf(item.orderedQuantity, item.quantityInBox);
  const [boxes, setBoxes] = useState<number | undefined>(Math.max(1, maxBoxes - 1));
  const pieces = boxes === undefined || Number.isNaN(boxes) ? 0 : boxes * item.quantityInBox;
  const disabled = pieces <= 1 || pieces >= item.orderedQuantity || submitting;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onApprove(item, pieces);
      }}
    >
      <Stack gap="md">
        <Text fz="sm">
          <b>{item.productName}</b>: {formatNumber(item.orderedQuantity)} adet sipariş edildi (koli içi{' '}
          {formatNumber(item.quantityInBox)} adet, {formatNumber(maxBoxes)} tam koli).
        </Text>
        <NumberField
          label="Onaylanacak Koli"
          description={`En fazla ${formatNumber(maxBoxes)} koli`}
          value={boxes}
          onChange={setBoxes}
          data-autofocus
        />
        <Text fz="sm" data-testid="partial-pieces">
          Onaylanacak miktar: <b>{formatNumber(pieces)} adet</b>
        </Text>
        <Group justify="flex-end" gap="sm">
          <CancelButton onClick={onClose} disabled={submitting} />
          <Button type="submit" disabled={disabled} loading={submitting}>
            Kısmi Onayla
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
