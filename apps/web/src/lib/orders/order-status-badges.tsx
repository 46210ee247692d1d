import type { OrderItemStatus, OrderStatus } from '@mandira/contract/order-machines';
import { Badge } from '@mantine/core';

const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  WAITING_FOR_REVIEW: 'orange',
  IN_REVIEW: 'blue',
  IN_PROGRESS: 'indigo',
  CANCELED_BY_SELLER: 'red',
  CANCELED_BY_BUYER: 'red',
  COMPLETED: 'teal',
};

const ITEM_STATUS_COLORS: Record<OrderItemStatus, string> = {
  WAITING_FOR_APPROVAL: 'orange',
  APPROVED: 'teal',
  APPROVED_PARTIALLY: 'lime',
  CANCELED: 'red',
  WAITING_FOR_WAREHOUSE_OPERATION: 'indigo',
  PREPARING: 'indigo',
  PREPARED_WAITING_FOR_LOADING: 'indigo',
  LOADING: 'violet',
  LOADED_TO_TRUCK_FROM_WAREHOUSE: 'violet',
  LOAD_STATUS_ACCEPTED: 'cyan',
  DELIVERED_TO_BUYER: 'green',
};

type Status = { name: string; label: string };

export function OrderStatusBadge({ status }: { status: Status }) {
  return (
    <Badge
      variant="light"
      color={ORDER_STATUS_COLORS[status.name as OrderStatus] ?? 'gray'}
      data-testid="order-status"
    >
      {status.label}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: Status }) {
  return (
    <Badge
      variant="light"
      color={ITEM_STATUS_COLORS[status.name as OrderItemStatus] ?? 'gray'}
      style={{ textTransform: 'none' }}
      data-testid="item-status"
    >
      {status.label}
    </Badge>
  );
}
