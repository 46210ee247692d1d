import { type PendingChange, PRODUCT_ITEM_FIELD_LABELS } from '@mandira/contract/products';

export type ItemField = keyof typeof PRODUCT_ITEM_FIELD_LABELS;
export const ITEM_FIELDS = Object.keys(PRODUCT_ITEM_FIELD_LABELS) as ItemField[];

type Value = string | number | null | undefined;
export type ItemValues = { [K in ItemField]?: Value };

/** The fields where `next` says something other than `current`; a field `next` leaves empty is kept. */
export function diffItemFields(current: ItemValues, next: ItemValues): PendingChange[] {
  return ITEM_FIELDS.flatMap((field) => {
    const newValue = next[field];
    if (newValue === null || newValue === undefined) return [];
    const oldValue = current[field] ?? null;
    if (oldValue !== null && String(oldValue) === String(newValue)) return [];
    return [{ field, label: PRODUCT_ITEM_FIELD_LABELS[field], oldValue, newValue }];
  });
}
