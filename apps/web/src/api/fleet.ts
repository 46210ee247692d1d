import type { Driver, Vehicle } from '@mandira/contract/fleet';
import type { City, Shipment } from '@mandira/contract/shipments';
import { useQuery } from '@tanstack/react-query';
import { queryString } from './client.ts';
import { apiQuery } from './query.ts';

/**
 * Vehicles and drivers are reference lists of several screens (vehicle and driver management, the
 * shipment form, vehicle planning on orders). Their status and planned palettes move with shipments
 * and orders, so writes there invalidate `FLEET_KEY` as well.
 */
export const FLEET_KEY = ['fleet'] as const;
/** Shipments show vehicles and drivers by name: a fleet write invalidates them too. */
export const SHIPMENTS_KEY = ['shipments'] as const;

export function useVehicles() {
  return useQuery(apiQuery<Vehicle[]>([...FLEET_KEY, 'vehicles'], '/shipments/vehicles'));
}

/** Vehicles AVAILABLE and on no open shipment (docs/domain/loading-and-shipments.md). */
export function useAvailableVehicles() {
  return useQuery(apiQuery<Vehicle[]>([...FLEET_KEY, 'available-vehicles'], '/shipments/availableVehicles'));
}

export function useDrivers() {
  return useQuery(apiQuery<Driver[]>([...FLEET_KEY, 'drivers'], '/shipments/vehicleDrivers'));
}

/** The 81 provinces: a fixed list, read once. */
export function useCities() {
  return useQuery({
    ...apiQuery<City[]>(['cities'], '/shipments/cities'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `GET /shipments/filter-by-status?status=LOADING`: the trucks that may take a load now (the
 * warehouse's load modal) and the targets of a transfer (the shipment list, which shows one page).
 */
export function useLoadingShipments() {
  return useQuery({
    ...apiQuery<Shipment[]>(
      [...SHIPMENTS_KEY, 'status', 'LOADING'],
      `/shipments/filter-by-status${queryString({ status: 'LOADING' })}`,
    ),
    // The back office starts and stops loading on another screen: asked afresh when the form opens.
    staleTime: 0,
  });
}
