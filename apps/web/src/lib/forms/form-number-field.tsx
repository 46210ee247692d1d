import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumberField } from './number-field.tsx';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  decimals?: number;
  /** Off for years: '2.026' would read as a quantity. */
  grouping?: boolean;
};

/** A `NumberField` bound to one number of a react-hook-form form, showing that field's error. */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  label,
  decimals = 0,
  grouping,
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={label}
          decimals={decimals}
          grouping={grouping}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
