import { BUYER_FIELD_LABELS, type BuyerChange, type BuyerField } from '@mandira/contract/buyers';

export const BUYER_FIELDS = Object.keys(BUYER_FIELD_LABELS) as BuyerField[];

export type BuyerValues = { [K in BuyerField]?: string | null | undefined };

/** The fields where `next` says something other than `current`; a field `next` leaves empty is kept. */
export function diffBuyerFields(current: BuyerValues, next: BuyerValues): BuyerChange[] {
  return BUYER_FIELDS.flatMap((field) => {
    const newValue = next[field];
    if (newValue === null || newValue === undefined) return [];
    const oldValue = current[field] ?? null;
    if ((oldValue ?? '') === newValue) return [];
    return [{ field, label: BUYER_FIELD_LABELS[field], oldValue, newValue }];
  });
}
