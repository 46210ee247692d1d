import type {
  CreateDriverBody,
  CreateVehicleBody,
  Driver,
  UpdateDriverBody,
  UpdateVehicleBody,
  Vehicle,
} from '@mandira/contract/fleet';
import { createOrUpdate } from '../../api/client.ts';
import { FLEET_KEY, SHIPMENTS_KEY } from '../../api/fleet.ts';
import { useApiMutation } from '../../api/query.ts';

// A vehicle's drivers are shown by name, and shipments name both: a save reloads all of them.
const CHANGED = [FLEET_KEY, SHIPMENTS_KEY] as const;

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
