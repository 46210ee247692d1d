import { PACKAGING_UNIT_TYPE_LABELS, type PackagingUnitType } from '@mandira/contract/products';

/** A packaging group as the screen shows it: '1500 GRAM' → '1500 Gr', '0.5 KILOGRAM' → '0,5 Kg'. */
export function packagingGroupLabel(group: string): string {
  const [amount, unit, ...rest] = group.trim().split(/\s+/);
  const label = PACKAGING_UNIT_TYPE_LABELS[unit as PackagingUnitType];
  if (!amount || !label || rest.length > 0) return group;
  return `${amount.replace('.', ',')} ${label}`;
}
