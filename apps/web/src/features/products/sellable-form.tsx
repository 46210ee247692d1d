import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateProductBody, type Product, ProductFormBody } from '@mandira/contract/sellable-products';
import { Button, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_MESSAGES } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { FormNumberField } from '../../lib/forms/form-number-field.tsx';
import { useServerError } from '../../lib/forms/server-error.ts';
import { isStaleRecord, type LoadLatest } from '../../lib/forms/stale-record.tsx';
import { AddBundleItemModal } from './add-bundle-item-modal.tsx';
import { type BundleDraft, draftsOf } from './bundle-lines.ts';
import { BundleTable } from './bundle-table.tsx';
import { OpenUsageNotice, type UsageChange } from './open-usage-notice.tsx';
import { saveErrorMessage } from './save-error.ts';

const FormSchema = ProductFormBody;
type FormValues = z.input<typeof FormSchema>;
export type SellableFormOutput = z.output<typeof CreateProductBody>;

// Name required, quantityInsideBox at least 0; the rest has the contract's defaults.
const resolver = zodResolver(FormSchema, FIELD_MESSAGES);

const LABELS = {
  name: 'Ürün adı',
  stockCode: 'Stok kodu',
  barcode: 'Barkod',
  price: 'Fiyat (₺)',
  discount: 'İndirim (₺)',
  quantityInsideBox: 'Koli içi adet',
  notes: 'Açıklama',
} as const;

type Props = {
  product: Product | undefined;
  submitting: boolean;
  /** The failed save: shown on its field, or in the form's alert. */
  serverError?: unknown;
  /** The reload offered when the save finds the product changed meanwhile. */
  latest?: LoadLatest;
  onSubmit: (values: SellableFormOutput) => void;
  onCancel: () => void;
};

export function SellableForm({ product, submitting, serverError, latest, onSubmit, onCancel }: Props) {
  const [lines, setLines] = useState<BundleDraft[]>(() => draftsOf(product?.productBundle ?? []));
  const [adding, setAdding] = useState(false);
  const { control, register, handleSubmit, formState, setError } = useForm<
    FormValues,
    unknown,
    z.output<typeof FormSchema>
  >({
    resolver,
    defaultValues: {
      name: product?.name ?? '',
      stockCode: product?.stockCode ?? '',
      barcode: product?.barcode ?? '',
      price: product?.price ?? 0,
      discount: product?.discount ?? 0,
      onlineListingAvailable: product ? product.onlineListingAvailable === 1 : true,
      truckShippingAvailable: product ? product.truckShippingAvailable === 1 : true,
      quantityInsideBox: product?.quantityInsideBox ?? 0,
      notes: product?.notes ?? '',
    },
  });

  const alert = useServerError(setError, serverError, LABELS);
  const [price, discount] = useWatch({ control, name: ['price', 'discount'] });
  const changes = product ? changesOf(product, { price, discount }, lines) : [];

  const submit = handleSubmit((values) => {
    const productBundle = lines.map((line) => ({ productItemId: line.card.id, quantity: line.quantity }));
    // The item ids go along with the lines.
    onSubmit({ ...values, productBundle, productItemIds: productBundle.map((line) => line.productItemId) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Ürün adı"
          withAsterisk
          data-autofocus
          {...register('name')}
          error={formState.errors.name?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Stok kodu"
            {...register('stockCode')}
            error={formState.errors.stockCode?.message}
          />
          <TextInput label="Barkod" {...register('barcode')} error={formState.errors.barcode?.message} />
          <FormNumberField control={control} name="price" label="Fiyat (₺)" decimals={2} padDecimals />
          <FormNumberField control={control} name="discount" label="İndirim (₺)" decimals={2} padDecimals />
          <FormNumberField control={control} name="quantityInsideBox" label="Koli içi adet" />
          <Stack gap="xs" justify="flex-end">
            <FlagField control={control} name="onlineListingAvailable" label="Online satışa açık" />
            <FlagField control={control} name="truckShippingAvailable" label="Tır ile sevk edilebilir" />
          </Stack>
        </SimpleGrid>
        <Textarea
          label="Açıklama"
          autosize
          minRows={2}
          {...register('notes')}
          error={formState.errors.notes?.message}
        />
        {product && <OpenUsageNotice productId={product.id} changes={changes} />}
        <Group justify="space-between" align="flex-end">
          <Text fw={600} fz="sm">
            İçindekiler
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding(true)}
          >
            İçerik Ekle
          </Button>
        </Group>
        <BundleTable
          lines={lines}
          onRemove={(id) => setLines((current) => current.filter((l) => l.card.id !== id))}
        />
        <FormError
          message={alert && (isStaleRecord(serverError) ? alert : saveErrorMessage(serverError, alert))}
          latest={latest}
        />
        <FormActions submitting={submitting} onCancel={onCancel} />
      </Stack>
      <AddBundleItemModal
        opened={adding}
        lines={lines}
        onAdd={(line) => setLines((current) => [...current, line])}
        onClose={() => setAdding(false)}
      />
    </form>
  );
}

/** Whether the form changes the product's price (or discount) and its bundle. */
function changesOf(product: Product, values: { price: unknown; discount: unknown }, lines: BundleDraft[]) {
  const changes: UsageChange[] = [];
  if (Number(values.price) !== product.price || Number(values.discount) !== product.discount) {
    changes.push('price');
  }
  const key = (pairs: { id: number; quantity: number }[]) =>
    pairs
      .map((one) => `${one.id}x${one.quantity}`)
      .sort()
      .join(',');
  const before = key(
    product.productBundle.map((line) => ({ id: line.productItemId, quantity: line.quantity })),
  );
  if (key(lines.map((line) => ({ id: line.card.id, quantity: line.quantity }))) !== before)
    changes.push('bundle');
  return changes;
}

type ControlOf = ReturnType<typeof useForm<FormValues, unknown, z.output<typeof FormSchema>>>['control'];

type FlagName = 'onlineListingAvailable' | 'truckShippingAvailable';

function FlagField({ control, name, label }: { control: ControlOf; name: FlagName; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          checked={field.value === true || field.value === 1}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}
