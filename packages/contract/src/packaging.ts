import { z } from 'zod';
import { text } from './fields.ts';

/** The item fields' enumerations with Turkish labels: the server validates with them, the web shows them. */
export const PACKAGING_TYPE_LABELS = {
  QUANTITY: 'Adet',
  BOTTLE: 'Şişe',
  METAL_PACKAGE: 'Teneke',
  NYLON_PACKAGE: 'Naylon Paketli',
  VACUUM_PACKAGE: 'Vakumlu Paket',
  PLASTIC_PACKAGE: 'Plastik Kutu',
  WOODEN_PACKAGE: 'Ahşap Kutu',
  OTHER: 'Diğer',
} as const;
export type PackagingType = keyof typeof PACKAGING_TYPE_LABELS;
export const PackagingType = z
  .enum(Object.keys(PACKAGING_TYPE_LABELS) as [PackagingType, ...PackagingType[]])
  .describe('How one piece is packed.');

export const PACKAGING_UNIT_TYPE_LABELS = {
  GRAM: 'Gr',
  KILOGRAM: 'Kg',
  TONS: 'Ton',
  QUANTITY: 'Adet',
  LITERS: 'Lt',
  MILLILITERS: 'Ml',
} as const;
export type PackagingUnitType = keyof typeof PACKAGING_UNIT_TYPE_LABELS;
export const PackagingUnitType = z
  .enum(Object.keys(PACKAGING_UNIT_TYPE_LABELS) as [PackagingUnitType, ...PackagingUnitType[]])
  .describe('The unit of `packagingUnitTypeAmount`, the contents of one piece.');
/** The 'all' choice of the unit and packaging-group filters. */
export const ALL_LABEL = 'Tümü';
/** What the screens send for 'all' in a filter: empty (item list), 'ALL' (products), 'Tumu' (goods in/out). */
const ALL_TOKENS = ['', 'ALL', 'Tumu', ALL_LABEL];
export function isAllFilter(value: string | undefined): boolean {
  return value === undefined || ALL_TOKENS.includes(value.trim());
}

export const WAREHOUSE_STOCK_TYPE_LABELS = { FOODS: 'GIDA', SUPPLIES: 'SARF' } as const;
export type WarehouseStockType = keyof typeof WAREHOUSE_STOCK_TYPE_LABELS;
export const WarehouseStockType = z
  .enum(Object.keys(WAREHOUSE_STOCK_TYPE_LABELS) as [WarehouseStockType, ...WarehouseStockType[]])
  .describe('FOODS (GIDA) or SUPPLIES (SARF).');

/** An enum value with its Turkish label, as responses carry it (e.g. packagingTypeDescription). */
export const EnumDescription = z.object({
  name: text().describe('The code: an enumeration value, or a stock location such as DEPO1.'),
  label: text().describe('Its Turkish label, to show as it is.'),
});
export type EnumDescription = z.infer<typeof EnumDescription>;

/** Packaging group of an item (docs/domain/stock.md): amount and unit, e.g. '1500 GRAM'. */
export function packagingGroupOf(amount: number, unit: PackagingUnitType): string {
  return `${amount} ${unit}`;
}

/**
 * A packaging group as the screens show it, with the unit's Turkish label and a decimal comma:
 * '1 LITERS' → '1 Lt', '0.5 KILOGRAM' → '0,5 Kg', '1000 QUANTITY' → '1000 Adet'. The group itself
 * stays the filter value the server compares.
 */
export function packagingGroupLabel(group: string): string {
  const [amount = '', unit = '', ...rest] = group.trim().split(/\s+/);
  const label = PACKAGING_UNIT_TYPE_LABELS[unit as PackagingUnitType];
  if (!label || rest.length > 0) return group;
  return `${amount.replace('.', ',')} ${label}`;
}

/**
 * Where a unit's amounts stand on one scale: mass in grams, then volume in millilitres, then pieces.
 * Groups of one kind compare by that amount, so '1 KILOGRAM' (1000 g) sits between '500 GRAM' and
 * '1500 GRAM' however the unit is written.
 */
const UNIT_SCALE: Record<PackagingUnitType, { kind: number; factor: number }> = {
  GRAM: { kind: 0, factor: 1 },
  KILOGRAM: { kind: 0, factor: 1000 },
  TONS: { kind: 0, factor: 1_000_000 },
  MILLILITERS: { kind: 1, factor: 1 },
  LITERS: { kind: 1, factor: 1000 },
  QUANTITY: { kind: 2, factor: 1 },
};
/** After every readable group: one that is not 'amount UNIT'. */
const UNREADABLE = { kind: 3, amount: 0 };

function scaleOf(group: string): { kind: number; amount: number } {
  const [amount = '', unit = '', ...rest] = group.trim().split(/\s+/);
  const scale = UNIT_SCALE[unit as PackagingUnitType];
  const value = Number(amount);
  if (!scale || rest.length > 0 || amount === '' || !Number.isFinite(value)) return UNREADABLE;
  return { kind: scale.kind, amount: value * scale.factor };
}

/**
 * Packaging groups in the order of their amount in one unit: masses by grams (200 Gr < 500 Gr < 1 Kg
 * < 1500 Gr), then volumes by millilitres, then pieces; a group that cannot be read goes last, by text.
 */
export function sortPackagingGroups(groups: readonly string[]): string[] {
  return groups
    .map((group) => ({ group, ...scaleOf(group) }))
    .sort((a, b) => a.kind - b.kind || a.amount - b.amount || a.group.localeCompare(b.group, 'tr'))
    .map(({ group }) => group);
}

/** The 'storage form' column: amount, unit and package type in their short Turkish forms. */
export function storageFormOf(item: {
  packagingUnitTypeAmount: number | null;
  packagingUnitType: PackagingUnitType | null;
  packagingType: PackagingType | null;
}): string {
  const unit = item.packagingUnitType ? PACKAGING_UNIT_TYPE_LABELS[item.packagingUnitType] : '';
  // Pieces packed as pieces read '1000 Adet', not '1000 Adet Adet'.
  const type =
    item.packagingType && PACKAGING_TYPE_LABELS[item.packagingType] !== unit
      ? PACKAGING_TYPE_LABELS[item.packagingType]
      : '';
  // Turkish decimal comma: '0,5 Kg'.
  const amount =
    item.packagingUnitTypeAmount === null ? '' : String(item.packagingUnitTypeAmount).replace('.', ',');
  return [amount, unit, type].filter((part) => part !== '').join(' ');
}
