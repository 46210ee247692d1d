import { Select } from '@mantine/core';
import { type Control, Controller, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = {
  control: Control<T>;
  /** The statuses the user may set, with their Turkish labels. */
  statuses: readonly string[];
  labels: Record<string, string>;
};

/** 'Durum' of a vehicle or driver form: one of the settable statuses, 'Müsait' when cleared. */
export function StatusSelect<T extends FieldValues & { status: string }>({
  control,
  statuses,
  labels,
}: Props<T>) {
  const options = statuses.map((status) => ({ value: status, label: labels[status] ?? status }));
  return (
    <Controller
      control={control as unknown as Control<{ status: string }>}
      name="status"
      render={({ field, fieldState }) => (
        <Select
          label="Durum"
          data={options}
          allowDeselect={false}
          value={field.value}
          onChange={(value) => field.onChange(value ?? 'AVAILABLE')}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
