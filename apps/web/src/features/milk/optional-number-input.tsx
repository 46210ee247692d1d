import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
};

/** A number field whose empty state is `undefined` rather than '' (spec §5: an empty value becomes undefined). */
export function OptionalNumberInput({ value, onChange, ...props }: Props) {
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : undefined)}
    />
  );
}
