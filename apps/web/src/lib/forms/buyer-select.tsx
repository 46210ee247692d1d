import type { Buyer } from '@mandira/contract/buyers';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useBuyers } from '../../api/buyers.ts';
import { sortedOptions } from './select-options.ts';

const buyerLabel = (buyer: Buyer) => `${buyer.title} (${buyer.code})`;

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (buyerId: number | null) => void;
};

/** The buyer dropdown of the order and accounting screens, with a search inside it. */
export function BuyerSelect({ value, onChange, ...props }: Props) {
  const buyers = useBuyers();
  const options = useMemo(
    () =>
      sortedOptions(
        (buyers.data ?? []).map((buyer) => ({ value: String(buyer.id), label: buyerLabel(buyer) })),
      ),
    [buyers.data],
  );
  return (
    <Select
      searchable
      clearable
      placeholder={buyers.isPending ? 'Müşteriler yükleniyor...' : 'Müşteri Seçiniz'}
      nothingFoundMessage="Müşteri bulunamadı"
      data={options}
      value={value === null ? null : String(value)}
      onChange={(selected) => onChange(selected ? Number(selected) : null)}
      error={buyers.error ? 'Müşteriler alınamadı.' : undefined}
      {...props}
    />
  );
}
