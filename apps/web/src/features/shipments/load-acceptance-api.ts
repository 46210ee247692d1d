import type { AcceptShipmentLoadsBody, ShipmentLoadBody } from '@mandira/contract/loading';
import type { Order } from '@mandira/contract/orders';
import type { ShipmentContent } from '@mandira/contract/shipments';
import { useQuery } from '@tanstack/react-query';
import { put } from '../../api/client.ts';
import { SHIPMENTS_KEY } from '../../api/fleet.ts';
import { ORDERS_KEY, STOCK_KEY } from '../../api/orders.ts';
import { SELLABLE_PRODUCTS_KEY } from '../../api/products.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';

/** Accepting moves an item on; reporting it as not loaded also puts its pieces back in stock. */
const CHANGED = [SHIPMENTS_KEY, ORDERS_KEY, STOCK_KEY, SELLABLE_PRODUCTS_KEY] as const;

/** `GET /shipments/{id}/content`: the shipment with one line per order item loaded on it. */
export function useShipmentContent(shipmentId: number | undefined) {
  return useQuery({
    ...apiQuery<ShipmentContent>(
      [...SHIPMENTS_KEY, 'content', shipmentId],
      `/shipments/${shipmentId}/content`,
    ),
    enabled: shipmentId !== undefined,
  });
}

/** `PUT /shipments/load {orderShipmentId, orderItemId}`: the item's load is on the truck. */
export function useAcceptLoad() {
  return useApiMutation((body: ShipmentLoadBody) => put<Order[]>('/shipments/load', body), {
    invalidates: CHANGED,
  });
}

/** `PUT …/reject-load-status` ('Yüklenmedi olarak bildir'): the item's loads go back to stock. */
export function useRejectLoad() {
  return useApiMutation(
    ({ orderId, itemId }: { orderId: number; itemId: number }) =>
      put<Order[]>(`/orders/${orderId}/order-item/${itemId}/reject-load-status`),
    { invalidates: CHANGED },
  );
}

/** `PUT /shipments/{id}/accept-loads` ('Tümünü Kabul Et'): the listed lines at once, or none of them. */
export function useAcceptShipmentLoads() {
  return useApiMutation(
    ({ shipmentId, ...body }: AcceptShipmentLoadsBody & { shipmentId: number }) =>
      put<ShipmentContent>(`/shipments/${shipmentId}/accept-loads`, body),
    { invalidates: CHANGED },
  );
}
