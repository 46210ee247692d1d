import { CANCELED_ORDER_STATUSES, type OrderItemStatus } from '@mandira/contract/order-machines';
import type { OrderAmounts, OrderItem } from '@mandira/contract/orders';

/** Kuruş, so a sum of many lines never shows a float's tail. */
const money = (value: number) => Math.round(value * 100) / 100;

/**
 * What review approved of an item (decision 105): nothing to say while it waits for review, nothing
 * once canceled, otherwise the pieces it holds now (the approved pieces after a partial approval).
 */
export function approvedOf(
  status: OrderItemStatus,
  quantity: number,
  netUnitPrice: number,
): Pick<OrderItem, 'approvedQuantity' | 'approvedAmount'> {
  if (status === 'WAITING_FOR_APPROVAL') return { approvedQuantity: null, approvedAmount: null };
  const approvedQuantity = status === 'CANCELED' ? 0 : quantity;
  return { approvedQuantity, approvedAmount: money(approvedQuantity * netUnitPrice) };
}

type ItemFacts = Pick<
  OrderItem,
  'statusDescription' | 'loadedQuantity' | 'netUnitPrice' | 'approvedQuantity' | 'approvedAmount'
>;

/**
 * The order's figures, one meaning each (decision 105). `ordered` and `billed` are the totals the
 * ledger keeps (the total at placing and the dealt total); `approved` waits until an item is reviewed.
 */
export function orderAmountsOf(
  order: { status: string; totalPrice: number; dealtTotalPrice: number },
  items: readonly ItemFacts[],
): OrderAmounts {
  const reviewed = items.filter((item) => item.approvedAmount !== null);
  const delivered = items
    .filter((item) => item.statusDescription.name === 'DELIVERED_TO_BUYER')
    .reduce((sum, item) => sum + item.loadedQuantity * item.netUnitPrice, 0);
  return {
    ordered: money(order.totalPrice),
    approved:
      reviewed.length === 0
        ? null
        : money(reviewed.reduce((sum, item) => sum + (item.approvedAmount ?? 0), 0)),
    delivered: money(delivered),
    billed: (CANCELED_ORDER_STATUSES as readonly string[]).includes(order.status)
      ? 0
      : money(order.dealtTotalPrice),
  };
}
