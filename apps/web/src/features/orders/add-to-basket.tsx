import { AddToBasketBody, CART_ADDED_MESSAGE, CART_TOAST_MS } from '@mandira/contract/baskets';
import type { Product } from '@mandira/contract/sellable-products';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { useAddToBasket } from './api.ts';

type Props = { product: Product; buyerId: number | null };

/** The contract's word on a box count: 'Koli adedi tam sayı olmalıdır.' for '2,5', like every integer field. */
function boxQuantityProblem(value: number | undefined): string | undefined {
  const checked = AddToBasketBody.shape.boxQuantity.safeParse(value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** A row's box input (min 1, default 1, with its pieces) and its 'Sepete Ekle' button. */
export function AddToBasket({ product, buyerId }: Props) {
  const [boxes, setBoxes] = useState<number | undefined>(1);
  const [invalid, setInvalid] = useState<string>();
  const addToBasket = useAddToBasket();
  // A missing box count is one box.
  const boxCount = boxes ?? 1;

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
    <Stack gap={2} align="flex-end">
      <Group gap={6} wrap="nowrap" justify="flex-end" align="flex-start">
        <NumberField
          size="xs"
          w={56}
          // Decimals are read so that '2,5' reaches the contract, which says why it is refused.
          decimals={6}
          value={boxes}
          onChange={(value) => {
            setBoxes(value);
            setInvalid(boxQuantityProblem(value));
          }}
          // The cell is too narrow for the message under the field: it is shown under the row's controls.
          error={Boolean(invalid)}
          aria-label={`${product.name} koli adedi`}
          aria-invalid={Boolean(invalid)}
          aria-describedby={invalid ? `box-error-${product.id}` : undefined}
          description={
            <span data-testid="box-pieces">
              {Number.isInteger(boxCount) ? `${formatNumber(boxCount * product.quantityInsideBox)} adet` : ''}
            </span>
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
      {invalid && (
        <Text id={`box-error-${product.id}`} c="red" fz="xs" maw={220} ta="right" data-testid="box-error">
          {invalid}
        </Text>
      )}
    </Stack>
  );
}
