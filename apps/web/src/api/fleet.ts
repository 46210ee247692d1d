import * as fleet from '@mandira/contract/operations/fleet';
import * as shipments from '@mandira/contract/operations/shipments';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './query.ts';

/**
 * Vehicles and drivers are reference lists of several screens (vehicle and driver management, the
 * shipment form, vehicle planning on orders). Their status and planned palettes move with shipments
 * and orders, so writes there invalidate `FLEET_KEY` as well.
 */
export const FLEET_KEY = ['fleet'] as const;
/** Shipments show vehicles and drivers by name: a fleet write invalidates them too. */
export const SHIPMENTS_KEY = ['shipments'] as const;
/** The 81 provinces, a fixed list no write moves. */
const CITIES_KEY = ['cities'] as const;

export function useVehicles() {
  return useQuery(operationQuery(FLEET_KEY, fleet.listFleetVehicles));
}

/** Vehicles AVAILABLE and on no open shipment (docs/domain/loading-and-shipments.md). */
export function useAvailableVehicles() {
  return useQuery(operationQuery(FLEET_KEY, fleet.listAvailableFleetVehicles));
}

export function useDrivers() {
  return useQuery(operationQuery(FLEET_KEY, fleet.listFleetDrivers));
}

/** The 81 provinces: a fixed list, read once. */
export function useCities() {
  return useQuery({
    ...operationQuery(CITIES_KEY, shipments.listShipmentCities),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `listShipmentsByStatus` with `LOADING`: the trucks that may take a load now (the
 * warehouse's load modal) and the targets of a transfer (the shipment list, which shows one page).
 */
export function useLoadingShipments() {
  return useQuery({
    ...operationQuery(SHIPMENTS_KEY, shipments.listShipmentsByStatus, { query: { status: 'LOADING' } }),
    // The back office starts and stops loading on another screen: asked afresh when the form opens.
    staleTime: 0,
  });
}
