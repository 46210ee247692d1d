import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { parseTurkishDate } from '../format/turkish-date.ts';

/** A day typed and shown the Turkish way (24.11.2026), with the calendar icon the filters show. */
export function TurkishDateInput(props: DateInputProps) {
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      dateParser={(text) => parseTurkishDate(text)}
      leftSection={<IconCalendar size={16} />}
      {...props}
    />
  );
}

type Range = { from?: string | undefined; to?: string | undefined };

type RangeProps = { value: Range; onChange: (next: Range) => void; width: number };

/**
 * A list's 'from' and 'to' day filters: each may be cleared, and neither lets the other cross it.
 * Applied by the server over every record, not only the page shown.
 */
export function DateRangeFilter({ value, onChange, width }: RangeProps) {
  const field = (key: 'from' | 'to', label: string) => (
    <TurkishDateInput
      aria-label={label}
      placeholder={label}
      value={value[key] ?? null}
      onChange={(day) => onChange({ [key]: day ?? undefined })}
      minDate={key === 'to' ? value.from : undefined}
      maxDate={key === 'from' ? value.to : undefined}
      clearable
      w={width}
    />
  );
  return (
    <>
      {field('from', 'Başlangıç tarihi')}
      {field('to', 'Bitiş tarihi')}
    </>
  );
}
