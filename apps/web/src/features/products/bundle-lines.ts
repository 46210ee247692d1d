import type { BundleLine, ItemCard } from '@mandira/contract/sellable-products';

/** A bundle line being edited: the item's card and how many pieces go into one product. */
export type BundleDraft = { card: Omit<ItemCard, 'packagingGroup'>; quantity: number };

export function draftsOf(lines: readonly BundleLine[]): BundleDraft[] {
  return lines.map((line) => ({ card: { ...line, id: line.productItemId }, quantity: line.quantity }));
}
