import { zodResolver } from '@hookform/resolvers/zod';
import { BUYER_FIELD_LABELS, type BuyerField } from '@mandira/contract/buyers';
import { FIELD_LABELS } from '@mandira/contract/field-labels';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { type Control, Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_MESSAGES } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { useServerError } from '../../lib/forms/server-error.ts';

/** A field of the buyer form: the buyer's own, and the minimum remaining shelf life (decision 152). */
export type BuyerFormField = BuyerField | 'minRemainingShelfLifeDays';
/** What the form holds: every field as typed text. */
export type BuyerFormValues = Partial<Record<BuyerFormField, string>>;
/** What a form starts from; an ERP record may leave any field empty (null). */
export type BuyerFormInitial = Partial<Record<BuyerFormField, string | number | null>>;

const labelOf = (field: BuyerFormField) =>
  field === 'minRemainingShelfLifeDays' ? FIELD_LABELS[field]! : BUYER_FIELD_LABELS[field];

const WIDE: readonly BuyerFormField[] = ['title', 'addressMain', 'addressSecondary'];
const ADDRESS: readonly BuyerFormField[] = ['addressMain', 'addressSecondary'];

type Props<S extends z.ZodType> = {
  /** The contract schema the server validates with: the form checks the same rules. */
  schema: S;
  fields: readonly BuyerFormField[];
  required: readonly BuyerFormField[];
  initial?: BuyerFormInitial;
  submitLabel: string;
  submitting: boolean;
  /** The failed save: shown on its field, or in the form's alert under this title. */
  serverError?: unknown;
  serverErrorTitle?: string;
  onSubmit: (values: z.output<S>) => void;
  onCancel: () => void;
  /** Shown above the fields, e.g. what the ERP changed. */
  children?: ReactNode;
};

export function BuyerForm<S extends z.ZodType>(props: Props<S>) {
  const defaults = Object.fromEntries(
    props.fields.map((field) => [field, String(props.initial?.[field] ?? '')]),
  );
  const resolver = zodResolver(props.schema as never, FIELD_MESSAGES) as unknown as Resolver<
    BuyerFormValues,
    unknown,
    z.output<S>
  >;
  const { control, handleSubmit, setError } = useForm<BuyerFormValues, unknown, z.output<S>>({
    resolver,
    defaultValues: defaults,
  });
  // Only the fields on this form can carry a message; the others go to the alert.
  const labels = useMemo(
    () => Object.fromEntries(props.fields.map((field) => [field, labelOf(field)])),
    [props.fields],
  );
  const alert = useServerError(setError, props.serverError, labels);

  return (
    <form onSubmit={handleSubmit(props.onSubmit)} noValidate>
      <Stack gap="md">
        {props.children}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {props.fields.map((field, index) => (
            <BuyerTextField
              key={field}
              control={control}
              name={field}
              required={props.required.includes(field)}
              autoFocus={index === 0}
            />
          ))}
        </SimpleGrid>
        <FormError title={props.serverErrorTitle} message={alert} />
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
  control: Control<BuyerFormValues, unknown, unknown>;
  name: BuyerFormField;
  required: boolean;
  autoFocus: boolean;
};

function BuyerTextField({ control, name, required, autoFocus }: FieldProps) {
  const Input = ADDRESS.includes(name) ? Textarea : TextInput;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Input
          label={labelOf(name)}
          withAsterisk={required}
          data-autofocus={autoFocus || undefined}
          style={WIDE.includes(name) ? { gridColumn: '1 / -1' } : undefined}
          {...(ADDRESS.includes(name) ? { autosize: true, minRows: 2 } : {})}
          {...(name === 'minRemainingShelfLifeDays'
            ? { inputMode: 'numeric' as const, description: 'Boş bırakılırsa şart yok.' }
            : {})}
          {...field}
          value={field.value ?? ''}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
