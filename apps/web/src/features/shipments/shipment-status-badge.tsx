import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { Badge } from '@mantine/core';

const COLORS: Record<ShipmentStatus, string> = {
  PARKING: 'gray',
  PREPARING_TO_LOAD: 'blue',
  LOADING: 'violet',
  LOAD_CHECK: 'orange',
  LOAD_CHECK_COMPLETED: 'cyan',
  LOAD_WEIGHT_CHECK: 'yellow',
  LOAD_WEIGHT_CHECK_COMPLETED: 'teal',
  ON_DELIVERY: 'indigo',
  DELIVERED: 'green',
  RETURNING_TO_WAREHOUSE: 'red',
};

export function ShipmentStatusBadge({ status }: { status: { name: string; label: string } }) {
  return (
    <Badge
      variant="light"
      color={COLORS[status.name as ShipmentStatus] ?? 'gray'}
      style={{ textTransform: 'none' }}
      data-testid="shipment-status"
    >
      {status.label}
    </Badge>
  );
}
