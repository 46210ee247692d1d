import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumberField, type NumberFieldProps } from './number-field.tsx';

type Props<T extends FieldValues, Output> = Omit<
  NumberFieldProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
};

/**
 * A `NumberField` bound to one number of a react-hook-form form, showing that field's error.
 *
 * An emptied field holds null, not undefined: a `Controller` given undefined hands the field its
 * default value back, so emptying a prefilled '8.016' would show '8.016' again and the next keys
 * would be added to it (decision 138). Null stays empty, and the contract schema then says whether
 * the field may be left empty ('Bu alan zorunludur.' where it may not).
 */
export function FormNumberField<T extends FieldValues, Output = T>({
  control,
  name,
  ...field
}: Props<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound, fieldState }) => (
        <NumberField
          {...field}
          value={bound.value}
          onChange={(value) => bound.onChange(value ?? null)}
          onBlur={bound.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
