import { ALL_LABEL, type EnumDescription, packagingGroupLabel } from '@mandira/contract/products';
import type { WarehouseName } from '@mandira/contract/stock';
import { Group, Select } from '@mantine/core';
import { sortedOptions } from '../../lib/forms/select-options.ts';
import type { ItemFilters } from './api.ts';

/** The goods screen's 'all' ('Tumu'); the server reads it as no filter. */
export const ALL = 'Tumu';
export const ALL_FILTERS: ItemFilters = { warehouseStockType: ALL, warehouseName: ALL, packagingGroup: ALL };

type Props = {
  value: ItemFilters;
  onChange: (filters: ItemFilters) => void;
  stockTypes: EnumDescription[] | undefined;
  warehouses: WarehouseName[] | undefined;
  groups: string[] | undefined;
};

const withAll = (options: { value: string; label: string }[]) => [
  { value: ALL, label: ALL_LABEL },
  ...options,
];

/** Warehouse stock type, warehouse and packaging group; each change reloads the items. */
export function GoodsFilters({ value, onChange, stockTypes, warehouses, groups }: Props) {
  const select = (key: keyof ItemFilters, label: string, options: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={withAll(options)}
      value={value[key]}
      onChange={(next) => onChange({ ...value, [key]: next ?? ALL })}
      allowDeselect={false}
      searchable
      w={220}
    />
  );
  return (
    <Group gap="md" align="flex-end" data-testid="goods-filters">
      {select(
        'warehouseStockType',
        'Depo Stok Tipi',
        (stockTypes ?? []).map((type) => ({ value: type.name, label: type.label })),
      )}
      {select(
        'warehouseName',
        'Depo',
        sortedOptions(
          (warehouses ?? []).map((warehouse) => ({ value: warehouse.name, label: warehouse.label })),
        ),
      )}
      {select(
        'packagingGroup',
        'Ambalaj Grubu',
        (groups ?? []).map((group) => ({ value: group, label: packagingGroupLabel(group) })),
      )}
    </Group>
  );
}
