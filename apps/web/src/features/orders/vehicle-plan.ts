import type { Vehicle } from '@mandira/contract/fleet';
import type { Order } from '@mandira/contract/orders';

/**
 * Palettes planned on the vehicle by other orders. The server counts an order's palettes on a vehicle
 * planned for the order or for one of its items (decision 71); this order's are counted once, by the input.
 */
export function plannedByOthers(vehicle: Vehicle, order: Order): number {
  const onIt =
    order.plannedShipmentVehicleId === vehicle.id ||
    order.orderItems.some((item) => item.plannedShipmentVehicleId === vehicle.id);
  const own = onIt ? (order.estimatedPaletteCount ?? 0) : 0;
  return Math.max(0, vehicle.plannedPaletteCount - own);
}
