import type { StockLine } from '@mandira/contract/products';
import { Group, Select, TextInput } from '@mantine/core';
import { TurkishDateInput } from '../../lib/forms/turkish-date-input.tsx';
import { lotChoiceLabel } from '../../lib/lots/lot-format.ts';
import type { LotErrors, LotTyped } from './stock-changes.ts';

type ReceivedProps = {
  line: StockLine;
  value: LotTyped;
  onChange: (lot: LotTyped) => void;
  /** A food item's lot is required (decision 154). */
  required: boolean;
  errors: LotErrors[number] | undefined;
};

/**
 * The lot a goods-in line receives: the code printed on the package, its expiry day (SKT) and, if
 * known, its production day, typed and shown 'GG.AA.YYYY'.
 */
export function ReceivedLotFields({ line, value, onChange, required, errors = {} }: ReceivedProps) {
  const where = line.wareHouse.label;
  return (
    <Group gap="sm" align="flex-start" grow data-testid={`lot-fields-${line.id}`}>
      <TextInput
        label="Parti Kodu"
        aria-label={`${where} parti kodu`}
        withAsterisk={required}
        maxLength={60}
        value={value.code}
        onChange={(event) => onChange({ ...value, code: event.currentTarget.value })}
        error={errors.code}
      />
      <TurkishDateInput
        label="Son Kullanma Tarihi (SKT)"
        aria-label={`${where} son kullanma tarihi (SKT)`}
        placeholder="GG.AA.YYYY"
        withAsterisk={required}
        clearable
        value={value.expiryDate}
        onChange={(day) => onChange({ ...value, expiryDate: day ?? null })}
        error={errors.expiryDate}
      />
      <TurkishDateInput
        label="Üretim Tarihi"
        aria-label={`${where} üretim tarihi`}
        placeholder="GG.AA.YYYY"
        clearable
        value={value.productionDate}
        onChange={(day) => onChange({ ...value, productionDate: day ?? null })}
        error={errors.productionDate}
      />
    </Group>
  );
}

type ChoiceProps = {
  line: StockLine;
  kind: 'export' | 'count';
  value: number | undefined;
  onChange: (lotId: number | undefined) => void;
  error: string | undefined;
};

/** Empty, a goods-out takes the earliest-expiring lots (FEFO) and a count counts the whole line. */
const NO_CHOICE = { export: 'SKT sırasına göre (FEFO)', count: 'Tüm partiler' } as const;

/** The lot a goods-out takes from, or a count counts: the line's lots with their expiry and pieces. */
export function LotChoice({ line, kind, value, onChange, error }: ChoiceProps) {
  const options = line.lots.map((lot) => ({
    value: String(lot.id),
    label: `${lotChoiceLabel(lot)}${lot.expired ? ' · Süresi geçmiş' : ''}`,
  }));
  return (
    <Select
      aria-label={`${line.wareHouse.label} parti`}
      placeholder={line.lots.length === 0 ? 'Parti yok' : NO_CHOICE[kind]}
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(picked) => onChange(picked ? Number(picked) : undefined)}
      disabled={line.lots.length === 0}
      clearable
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
