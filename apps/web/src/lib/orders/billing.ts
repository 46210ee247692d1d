import type { OrderStatus } from '@mandira/contract/order-machines';

/**
 * Review not finished: the account counts what was ordered, and nothing is billed ('faturalanan') yet
 * (decision 143). From IN_PROGRESS on the dealt total is what review approved, and is billed.
 */
const UNREVIEWED: readonly string[] = ['WAITING_FOR_REVIEW', 'IN_REVIEW'] satisfies OrderStatus[];

export function isBilled(status: { name: string }): boolean {
  return !UNREVIEWED.includes(status.name);
}
