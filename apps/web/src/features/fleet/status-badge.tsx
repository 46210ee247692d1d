import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  AVAILABLE: 'teal',
  IN_MAINTENANCE: 'orange',
  OUT_OF_SERVICE: 'gray',
  ON_SHIPMENT: 'indigo',
  LOAD_WEIGHT_CHECK: 'violet',
  ON_DELIVERY: 'indigo',
  ON_VACATION: 'yellow',
};

/** A vehicle's or a driver's status with its Turkish label. */
export function FleetStatusBadge({ status }: { status: { name: string; label: string } }) {
  return (
    <Badge
      variant="light"
      color={COLORS[status.name] ?? 'gray'}
      style={{ textTransform: 'none' }}
      // A table column grows to the whole label instead of cutting it to 'Sevkiyat…'.
      styles={{ label: { minWidth: 'max-content' } }}
    >
      {status.label}
    </Badge>
  );
}
