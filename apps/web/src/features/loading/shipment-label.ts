import type { Shipment } from '@mandira/contract/shipments';

/**
 * 'SVK-0042 · Balıkesir Şarküteri (MUS-001) · Merkez Depo · Balıkesir · 35 ABC 123 · Ford Cargo · Ali Kaya':
 * what a clerk recognises a truck by, first of all whose goods it takes where (decision 102).
 */
export function shipmentOptionLabel(
  shipment: Pick<
    Shipment,
    'shipmentCode' | 'vehicleDescription' | 'driverFullName' | 'destination' | 'toCity'
  >,
): string {
  const { destination } = shipment;
  return [
    shipment.shipmentCode,
    `${destination.buyerTitle} (${destination.buyerCode})`,
    destination.title,
    shipment.toCity?.name,
    shipment.vehicleDescription,
    shipment.driverFullName,
  ]
    .filter(Boolean)
    .join(' · ');
}
