import { zodResolver } from '@hookform/resolvers/zod';
import { CreateProductItemBody, PRODUCT_ITEM_FIELD_LABELS } from '@mandira/contract/products';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_MESSAGES } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { FormNumberField } from '../../lib/forms/form-number-field.tsx';
import { useServerError } from '../../lib/forms/server-error.ts';
import { PACKAGING_TYPE_OPTIONS, UNIT_TYPE_OPTIONS, WAREHOUSE_STOCK_TYPE_OPTIONS } from './enum-options.ts';
import { saveErrorMessage } from './save-error.ts';

export type ItemFormValues = z.input<typeof CreateProductItemBody>;
export type ItemFormOutput = z.output<typeof CreateProductItemBody>;
/** What a form starts from: a pending record may leave any field empty (null). */
export type ItemFormInitial = { [K in keyof ItemFormValues]?: ItemFormValues[K] | null };

// The item form's rules, from the same schema the server validates with.
const resolver = zodResolver(CreateProductItemBody, FIELD_MESSAGES);

type Props = {
  initial?: ItemFormInitial;
  /** A frozen item keeps its packaging (docs/domain/stock.md); those fields are shown locked. */
  frozen?: boolean;
  submitLabel: string;
  submitting: boolean;
  /** The failed save: shown on its field, or in the form's alert. */
  serverError?: unknown;
  onSubmit: (values: ItemFormOutput) => void;
  onCancel: () => void;
  /** Shown above the fields, e.g. what the ERP changed. */
  children?: ReactNode;
};

export function ItemForm({ initial = {}, frozen = false, ...props }: Props) {
  const defaults = Object.fromEntries(
    Object.entries(initial).map(([key, value]) => [key, value ?? undefined]),
  ) as Partial<ItemFormValues>;
  const { control, handleSubmit, setError } = useForm<ItemFormValues, unknown, ItemFormOutput>({
    resolver,
    defaultValues: { notes: '', ...defaults },
  });
  const alert = useServerError(setError, props.serverError, PRODUCT_ITEM_FIELD_LABELS);
  const lock = frozen
    ? {
        disabled: true,
        rightSection: <IconLock size={14} />,
        description: 'Dondurulmuş ürün: değiştirilemez',
      }
    : {};

  return (
    <form onSubmit={handleSubmit(props.onSubmit)} noValidate>
      <Stack gap="md">
        {props.children}
        <TextField control={control} name="name" label="Ürün adı" autoFocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="stockCode" label="Stok kodu" />
          <TextField control={control} name="barcode" label="Barkod" />
          <SelectField
            control={control}
            name="warehouseStockType"
            label="Depo stok tipi"
            data={WAREHOUSE_STOCK_TYPE_OPTIONS}
          />
          <SelectField
            control={control}
            name="packagingType"
            label="Ambalaj tipi"
            data={PACKAGING_TYPE_OPTIONS}
            {...lock}
          />
          <SelectField
            control={control}
            name="packagingUnitType"
            label="Birim tipi"
            data={UNIT_TYPE_OPTIONS}
            {...lock}
          />
          <ItemNumberField
            control={control}
            name="packagingUnitTypeAmount"
            label="Birim miktarı"
            decimals={3}
            {...lock}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
          <ItemNumberField control={control} name="width" label="Genişlik (cm)" decimals={2} />
          <ItemNumberField control={control} name="length" label="Uzunluk (cm)" decimals={2} />
          <ItemNumberField control={control} name="height" label="Yükseklik (cm)" decimals={2} />
          <ItemNumberField control={control} name="quantityInBox" label="Koli içi adet" optional />
        </SimpleGrid>
        <Controller
          control={control}
          name="notes"
          render={({ field }) => (
            <Textarea label="Notlar" autosize minRows={2} {...field} value={field.value ?? ''} />
          )}
        />
        <FormError message={alert && saveErrorMessage(props.serverError, alert)} />
        <FormActions
          submitting={props.submitting}
          onCancel={props.onCancel}
          submitLabel={props.submitLabel}
        />
      </Stack>
    </form>
  );
}

type FieldProps = {
  control: Control<ItemFormValues, unknown, ItemFormOutput>;
  name: FieldPath<ItemFormValues>;
  label: string;
  disabled?: boolean;
  rightSection?: ReactNode;
  description?: string;
};

function TextField({ autoFocus, ...props }: FieldProps & { autoFocus?: boolean }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextInput
          label={props.label}
          withAsterisk
          data-autofocus={autoFocus || undefined}
          {...field}
          value={(field.value as string | undefined) ?? ''}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function SelectField({ data, ...props }: FieldProps & { data: { value: string; label: string }[] }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Select
          label={props.label}
          withAsterisk
          data={data}
          placeholder="Seçiniz"
          disabled={props.disabled}
          rightSection={props.rightSection}
          description={props.description}
          value={(field.value as string | undefined) ?? null}
          onChange={(value) => field.onChange(value ?? undefined)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function ItemNumberField({ optional, ...props }: FieldProps & { decimals?: number; optional?: boolean }) {
  return <FormNumberField withAsterisk={!optional} {...props} />;
}
