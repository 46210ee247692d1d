import type {
  CreateShipmentBody,
  Shipment,
  ShipmentActionBody,
  UpdateShipmentBody,
} from '@mandira/contract/shipments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createOrUpdate, put, queryString } from '../../api/client.ts';
import { FLEET_KEY, SHIPMENTS_KEY } from '../../api/fleet.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';

// A shipment holds its vehicle and driver, and its steps set the driver's status: writes here
// reload the fleet lists as well.
const CHANGED = [SHIPMENTS_KEY, FLEET_KEY] as const;

/** The shipment list, optionally only those bound for one province (plate code). */
export function useShipments(cityPlateCode: number | undefined) {
  return useQuery({
    ...apiQuery<Shipment[]>(
      [...SHIPMENTS_KEY, 'list', cityPlateCode ?? 'all'],
      `/shipments${queryString({ cityPlateCode })}`,
    ),
    // Changing the city keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSaveShipment() {
  return useApiMutation(createOrUpdate<CreateShipmentBody | UpdateShipmentBody, Shipment>('/shipments'), {
    invalidates: CHANGED,
  });
}

/** `PUT /shipments/{id}/on-action`: any step of the shipment machine by name. */
export function useShipmentAction() {
  return useApiMutation(
    ({ id, ...body }: ShipmentActionBody & { id: number }) =>
      put<Shipment>(`/shipments/${id}/on-action`, body),
    { invalidates: CHANGED },
  );
}
