import type { Shipment } from '@mandira/contract/shipments';

/** 'SVK-0042 · 35 ABC 123 · Ford Cargo · Ali Kaya': what a clerk recognises a truck by. */
export function shipmentOptionLabel(
  shipment: Pick<Shipment, 'shipmentCode' | 'vehicleDescription' | 'driverFullName'>,
): string {
  return [shipment.shipmentCode, shipment.vehicleDescription, shipment.driverFullName]
    .filter(Boolean)
    .join(' · ');
}
