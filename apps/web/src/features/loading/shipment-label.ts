import type { LoadingShipment } from './api.ts';

/** 'SVK-0042 · 35 ABC 123 · Ford Cargo · Ali Kaya': what a clerk recognises a truck by. */
export function shipmentOptionLabel(shipment: LoadingShipment): string {
  return [shipment.shipmentCode, shipment.vehicleDescription, shipment.driverFullName]
    .filter(Boolean)
    .join(' · ');
}
