import {
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';

function optionsOf(labels: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** Select options: the contract's codes as values, its Turkish labels as text. */
export const PACKAGING_TYPE_OPTIONS = optionsOf(PACKAGING_TYPE_LABELS);
export const UNIT_TYPE_OPTIONS = optionsOf(PACKAGING_UNIT_TYPE_LABELS);
export const WAREHOUSE_STOCK_TYPE_OPTIONS = optionsOf(WAREHOUSE_STOCK_TYPE_LABELS);
