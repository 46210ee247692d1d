import { lotLabel } from '@mandira/contract/lots';
import type { StockLineLot } from '@mandira/contract/stock-line-lots';
import { Select } from '@mantine/core';
import { useStockItem } from './api.ts';

/** Select options need a value; this one stands for no filter. */
const ALL = 'ALL';

type Props = {
  productItemId: number | undefined;
  value: number | undefined;
  onChange: (lotId: number | undefined) => void;
};

/** The chosen item's lots, each once however many warehouses hold it, earliest expiry first. */
export function lotsOfItem(lines: readonly { lots: readonly StockLineLot[] }[]): StockLineLot[] {
  const byId = new Map<number, StockLineLot>();
  for (const line of lines) for (const lot of line.lots) if (!byId.has(lot.id)) byId.set(lot.id, lot);
  return [...byId.values()].sort(
    (a, b) => (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') || a.id - b.id,
  );
}

/**
 * The history's lot filter: the lots on hand of the item chosen in the product filter, searchable by
 * their code (decision 154). Without an item there is nothing to choose.
 */
export function LotFilterSelect({ productItemId, value, onChange }: Props) {
  const item = useStockItem(productItemId);
  const options = lotsOfItem(item.data?.stocks ?? []).map((lot) => ({
    value: String(lot.id),
    label: lotLabel(lot),
  }));
  return (
    <Select
      label="Parti"
      w={220}
      data={[{ value: ALL, label: 'Tümü' }, ...options]}
      value={productItemId === undefined ? null : value ? String(value) : ALL}
      onChange={(picked) => onChange(picked && picked !== ALL ? Number(picked) : undefined)}
      disabled={productItemId === undefined}
      placeholder={productItemId === undefined ? 'Önce ürün seçiniz' : undefined}
      searchable
      nothingFoundMessage="Parti bulunamadı"
      allowDeselect={false}
    />
  );
}
