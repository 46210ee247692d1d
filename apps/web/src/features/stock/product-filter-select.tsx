import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { NO_FILTERS, useStockItemPage } from './api.ts';

/** Select options need a value; this one stands for no filter. */
const ALL = 'ALL';

type Props = { value: number | undefined; onChange: (productItemId: number | undefined) => void };

/**
 * The history's product filter: the options are the first page of the items the typed text finds on
 * the server (decision 116), so the screen never loads the whole catalogue to offer a choice.
 */
export function ProductFilterSelect({ value, onChange }: Props) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [searched] = useDebouncedValue(typed, 300);
  // The chosen item's label is the text shown in the box: it does not search again.
  const q = chosen && searched === chosen.label ? '' : searched.trim();
  const items = useStockItemPage(NO_FILTERS, q, 1);
  const options = (items.data?.items ?? []).map((item) => ({
    value: String(item.id),
    label: `${item.stockCode} - ${item.name}`,
  }));
  const shown =
    chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;

  return (
    <Select
      label="Ürün"
      w={260}
      data={[{ value: ALL, label: 'Tümü' }, ...shown]}
      value={value ? String(value) : ALL}
      onChange={(picked, option) => {
        setChosen(picked && picked !== ALL ? option : null);
        onChange(picked && picked !== ALL ? Number(picked) : undefined);
      }}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has already found the options: the typed text may match a barcode the label lacks.
      filter={({ options: all }) => all}
      nothingFoundMessage="Ürün bulunamadı"
      allowDeselect={false}
    />
  );
}
