/**
 * Which truck an order may go onto (docs/domain/loading-and-shipments.md, "Loading an order item";
 * docs/decisions/0140-orders-load-onto-trucks-that-stop-at-their-delivery-point.md): one of the shipment's stops
 * (its intermediate depots and its destination, buyer warehouses) is the order's delivery branch or, when
 * the order names no branch, a depot of its buyer. The server refuses any other load (422); the load form
 * offers only these trucks.
 */

/** A buyer-warehouse stop of a shipment: the depot and whose it is. */
export type DeliveryStop = { warehouseId: number; buyerId: number | null };

/** Where an order is delivered: its branch (a buyer warehouse id) or, without one, its buyer. */
export type DeliveryPoint = { branchId: number | null; buyerId: number };

/** Whether the truck stops at the order's delivery point. */
export function stopsAtDelivery(stops: readonly DeliveryStop[], delivery: DeliveryPoint): boolean {
  return stops.some((stop) =>
    delivery.branchId === null ? stop.buyerId === delivery.buyerId : stop.warehouseId === delivery.branchId,
  );
}
