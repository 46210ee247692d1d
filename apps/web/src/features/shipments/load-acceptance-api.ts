import type { OperationBody } from '@mandira/contract/operation';
import * as loading from '@mandira/contract/operations/loading';
import * as shipments from '@mandira/contract/operations/shipments';
import * as shipmentLoads from '@mandira/contract/operations/shipments-loads';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client.ts';
import { SHIPMENTS_KEY } from '../../api/fleet.ts';
import { ORDERS_KEY, STOCK_KEY } from '../../api/orders.ts';
import { SELLABLE_PRODUCTS_KEY } from '../../api/products.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';

/** Accepting moves an item on; reporting it as not loaded also puts its pieces back in stock. */
const CHANGED = [SHIPMENTS_KEY, ORDERS_KEY, STOCK_KEY, SELLABLE_PRODUCTS_KEY] as const;

/** `getShipmentContent`: the shipment with one line per order item loaded on it. */
export function useShipmentContent(shipmentId: number | undefined) {
  return useQuery({
    // Not sent without a shipment (`enabled`); the id stands in only to build the key.
    ...operationQuery(SHIPMENTS_KEY, shipments.getShipmentContent, { params: { id: shipmentId ?? 0 } }),
    enabled: shipmentId !== undefined,
  });
}

/** `acceptShipmentItemLoad`: the item's load is on the truck. */
export function useAcceptLoad() {
  return useApiMutation(
    (body: OperationBody<typeof loading.acceptShipmentItemLoad>) =>
      callApi(loading.acceptShipmentItemLoad, { body }),
    { invalidates: CHANGED },
  );
}

/** `PUT …/reject-load-status` ('Yüklenmedi olarak bildir'): the item's loads go back to stock. */
export function useRejectLoad() {
  return useApiMutation(
    (params: { orderId: number; itemId: number }) => callApi(loading.rejectOrderItemLoad, { params }),
    { invalidates: CHANGED },
  );
}

/** `acceptAllShipmentLoads` ('Tümünü Kabul Et'): the listed lines at once, or none of them. */
export function useAcceptShipmentLoads() {
  return useApiMutation(
    ({
      shipmentId,
      ...body
    }: OperationBody<typeof shipmentLoads.acceptAllShipmentLoads> & { shipmentId: number }) =>
      callApi(shipmentLoads.acceptAllShipmentLoads, { params: { id: shipmentId }, body }),
    { invalidates: CHANGED },
  );
}
