import { addDays, istanbulDate, istanbulWeek } from '@mandira/contract/istanbul-time';
import { MAX_SUMMARY_DAYS } from '@mandira/contract/milk';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import type { DayRange } from './api.ts';

/** The last seven days, today included: the range the screen opens with (no days still to come). */
export function lastSevenDays(now = new Date()): DayRange {
  const today = istanbulDate(now);
  return { from: addDays(today, -6), to: today };
}

function presets(now = new Date()) {
  const today = istanbulDate(now);
  const week = istanbulWeek(now);
  const lastSeven = lastSevenDays(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  // Ranges end today at the latest: days to come hold no milk and only stretch the chart.
  return [
    { label: 'Son 7 gün', value: [lastSeven.from, lastSeven.to] as [string, string] },
    { label: 'Bu hafta', value: [week.from, today] as [string, string] },
    { label: 'Geçen hafta', value: [addDays(week.from, -7), addDays(week.from, -1)] as [string, string] },
    { label: 'Bu ay', value: [monthStart, today] as [string, string] },
    { label: 'Geçen ay', value: [`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd] as [string, string] },
    { label: 'Son 30 gün', value: [addDays(today, -29), today] as [string, string] },
    { label: 'Son 90 gün', value: [addDays(today, -89), today] as [string, string] },
  ];
}

const daysIn = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** The range of the milk figures and of the delivery list; it changes once both ends are picked. */
export function MilkRangePicker({
  range,
  onChange,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);
  const [tooLong, setTooLong] = useState(false);
  const value: DatesRangeValue<string> = picking ?? [range.from, range.to];

  function handleChange(next: DatesRangeValue<string>) {
    const [from, to] = next;
    if (!from || !to) {
      setPicking(next);
      return;
    }
    setPicking(null);
    const long = daysIn(from, to) > MAX_SUMMARY_DAYS;
    setTooLong(long);
    if (!long) onChange({ from, to });
  }

  return (
    <DatePickerInput
      type="range"
      label="Tarih aralığı"
      leftSection={<IconCalendar size={16} />}
      valueFormat="DD.MM.YYYY"
      value={value}
      onChange={handleChange}
      onDropdownClose={() => setPicking(null)}
      presets={presets()}
      allowSingleDateInRange
      miw={250}
      error={tooLong ? `En fazla ${MAX_SUMMARY_DAYS} günlük aralık seçilebilir.` : undefined}
      data-testid="milk-range"
    />
  );
}
