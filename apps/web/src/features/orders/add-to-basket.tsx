import {
  AddToBasketBody,
  CART_ADDED_MESSAGE,
  CART_TOAST_MS,
  MAX_BOXES_PER_LINE,
} from '@mandira/contract/baskets';
import type { Product } from '@mandira/contract/sellable-products';
import { Button, Group, NumberInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { formatNumber } from '../../lib/format.ts';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useAddToBasket } from './api.ts';

type Props = { product: Product; buyerId: number | null };

/** A row's box input (min 1, default 1, with its pieces) and its 'Sepete Ekle' button (spec §2, §5). */
export function AddToBasket({ product, buyerId }: Props) {
  const [boxes, setBoxes] = useState<number | ''>(1);
  const [invalid, setInvalid] = useState<string>();
  const addToBasket = useAddToBasket();
  // Spec §5: a missing box count is one box.
  const boxCount = boxes === '' ? 1 : boxes;

  const add = useSubmitGuard(async () => {
    const body = AddToBasketBody.safeParse({ buyerId, productId: product.id, boxQuantity: boxCount });
    if (!body.success) {
      setInvalid(body.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    try {
      await addToBasket.mutateAsync(body.data);
      notifications.show({ color: 'green', message: CART_ADDED_MESSAGE, autoClose: CART_TOAST_MS });
      setBoxes(1);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `${product.name} sepete eklenemedi`,
        message: errorMessage(error),
        autoClose: 8000,
      });
    }
  });

  return (
    <Group gap={6} wrap="nowrap" justify="flex-end" align="flex-start">
      <NumberInput
        size="xs"
        w={56}
        hideControls
        min={1}
        max={MAX_BOXES_PER_LINE}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        value={boxes}
        onChange={(value) => setBoxes(typeof value === 'number' ? value : '')}
        error={invalid}
        aria-label={`${product.name} koli adedi`}
        description={
          <span data-testid="box-pieces">{formatNumber(boxCount * product.quantityInsideBox)} adet</span>
        }
        inputWrapperOrder={['input', 'description']}
      />
      <Button
        size="xs"
        px={10}
        disabled={buyerId === null || add.submitting}
        loading={add.submitting}
        onClick={() => void add.run()}
      >
        Sepete Ekle
      </Button>
    </Group>
  );
}
