import type { Driver, Vehicle } from '@mandira/contract/fleet';
import * as fleet from '@mandira/contract/operations/fleet';
import { callApi, createOrUpdateOf, unwrap } from '../../api/client.ts';

import { FLEET_KEY, SHIPMENTS_KEY } from '../../api/fleet.ts';
import { useApiMutation } from '../../api/query.ts';

// A vehicle's drivers are shown by name, and shipments name both: a save reloads all of them.
const CHANGED = [FLEET_KEY, SHIPMENTS_KEY] as const;

/** The vehicle as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export async function fetchVehicle(vehicle: Vehicle): Promise<Vehicle | undefined> {
  return (await unwrap(callApi(fleet.listFleetVehicles))).find((row) => row.id === vehicle.id);
}

/** The driver as it is now, for the same. */
export async function fetchDriver(driver: Driver): Promise<Driver | undefined> {
  return (await unwrap(callApi(fleet.listFleetDrivers))).find((row) => row.id === driver.id);
}

export function useSaveVehicle() {
  return useApiMutation(createOrUpdateOf(fleet.createFleetVehicle, fleet.updateFleetVehicle), {
    invalidates: CHANGED,
  });
}

export function useSaveDriver() {
  return useApiMutation(createOrUpdateOf(fleet.createFleetDriver, fleet.updateFleetDriver), {
    invalidates: CHANGED,
  });
}
