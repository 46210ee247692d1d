import type {
  CreateDriverBody,
  CreateVehicleBody,
  Driver,
  UpdateDriverBody,
  UpdateVehicleBody,
  Vehicle,
} from '@mandira/contract/fleet';
import { createOrUpdate, get, unwrap } from '../../api/client.ts';
import { FLEET_KEY, SHIPMENTS_KEY } from '../../api/fleet.ts';
import { useApiMutation } from '../../api/query.ts';

// A vehicle's drivers are shown by name, and shipments name both: a save reloads all of them.
const CHANGED = [FLEET_KEY, SHIPMENTS_KEY] as const;

/** The vehicle as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export async function fetchVehicle(vehicle: Vehicle): Promise<Vehicle | undefined> {
  return (await unwrap(get<Vehicle[]>('/shipments/vehicles'))).find((row) => row.id === vehicle.id);
}

/** The driver as it is now, for the same. */
export async function fetchDriver(driver: Driver): Promise<Driver | undefined> {
  return (await unwrap(get<Driver[]>('/shipments/vehicleDrivers'))).find((row) => row.id === driver.id);
}

export function useSaveVehicle() {
  return useApiMutation(
    createOrUpdate<CreateVehicleBody | UpdateVehicleBody, Vehicle>('/shipments/vehicle'),
    { invalidates: CHANGED },
  );
}

export function useSaveDriver() {
  return useApiMutation(
    createOrUpdate<CreateDriverBody | UpdateDriverBody, Driver>('/shipments/vehicleDrivers'),
    { invalidates: CHANGED },
  );
}
