import {
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type ProductItem,
  storageFormOf,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { DataTableColumn } from '../../lib/data-table/column.ts';

/** Every field as the user reads it (labels, not codes), so 'Ara...' finds any of them. */
function allText(item: ProductItem): unknown[] {
  return [
    item,
    PACKAGING_TYPE_LABELS[item.packagingType],
    PACKAGING_UNIT_TYPE_LABELS[item.packagingUnitType],
    WAREHOUSE_STOCK_TYPE_LABELS[item.warehouseStockType],
    storageFormOf(item),
  ];
}

export const ITEM_COLUMNS: DataTableColumn<ProductItem>[] = [
  { id: 'stockCode', header: 'Stok Kodu', value: (item) => item.stockCode, noWrap: true },
  { id: 'barcode', header: 'Barkod', value: (item) => item.barcode, noWrap: true },
  {
    id: 'name',
    header: 'Ürün Adı',
    value: (item) => item.name,
    searchValue: allText,
    render: (item) => (
      <Group gap={6} wrap="nowrap">
        <Text fz="sm" fw={600}>
          {item.name}
        </Text>
        {item.frozen && (
          <Tooltip label="Stok hareketi görmüş veya bir satış ürününde kullanılıyor: ambalajı değiştirilemez">
            <IconLock size={14} aria-label="Dondurulmuş" color="var(--mantine-color-gray-6)" />
          </Tooltip>
        )}
      </Group>
    ),
  },
  {
    id: 'storageForm',
    header: 'Saklama Şekli',
    value: storageFormOf,
    render: (item) => (
      <Group gap={6} wrap="nowrap">
        <Text fz="sm">{storageFormOf(item)}</Text>
        <Badge size="sm" variant="light" color={item.warehouseStockType === 'FOODS' ? 'teal' : 'gray'}>
          {WAREHOUSE_STOCK_TYPE_LABELS[item.warehouseStockType]}
        </Badge>
      </Group>
    ),
  },
];
