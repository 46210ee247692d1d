import type { BuyerWarehouse } from '@mandira/contract/buyers';
import type { Driver, Vehicle } from '@mandira/contract/fleet';
import type { Warehouse } from '@mandira/contract/stock';
import { byTurkishText } from '../../lib/format/turkish-order.ts';

export type Option = { value: string; label: string; disabled?: boolean };
export type OptionGroup = { group: string; items: Option[] };

/**
 * Vehicles a shipment may take: available ones, and the one it already has. The others are listed
 * greyed out with their status, so the user sees why a lorry cannot be chosen.
 */
export function vehicleOptions(vehicles: readonly Vehicle[], shipmentId: number | undefined): Option[] {
  return [...vehicles].sort(byTurkishText((vehicle) => vehicle.licencePlateCode)).map((vehicle) => {
    const own = shipmentId !== undefined && vehicle.openShipmentId === shipmentId;
    const free = vehicle.statusDetail.name === 'AVAILABLE' && vehicle.openShipmentId === null;
    const busy = vehicle.openShipmentCode ? ` ${vehicle.openShipmentCode}` : '';
    return {
      value: String(vehicle.id),
      label:
        own || free ? vehicle.description : `${vehicle.description} (${vehicle.statusDetail.label}${busy})`,
      disabled: !(own || free),
    };
  });
}

/** Drivers on leave or on another open shipment cannot be chosen (docs/domain/loading-and-shipments.md). */
export function driverOptions(drivers: readonly Driver[], shipmentId: number | undefined): Option[] {
  return [...drivers].sort(byTurkishText((driver) => driver.fullName)).map((driver) => {
    const own = shipmentId !== undefined && driver.openShipmentId === shipmentId;
    const free = driver.status !== 'ON_VACATION' && driver.openShipmentId === null;
    const reason = driver.openShipmentCode
      ? `Sevkiyatta ${driver.openShipmentCode}`
      : driver.statusDetail.label;
    return {
      value: String(driver.id),
      label: own || free ? driver.fullName : `${driver.fullName} (${reason})`,
      disabled: !(own || free),
    };
  });
}

export function ownWarehouseOptions(warehouses: readonly Warehouse[]): Option[] {
  return [...warehouses].sort(byTurkishText((warehouse) => warehouse.shortName)).map((warehouse) => ({
    value: String(warehouse.id),
    label: `${warehouse.shortName} (${warehouse.name})`,
  }));
}

/**
 * 'Çanakkale Süt (MUS-002) · Merkez Depo (MUS-002-D1) · Çanakkale': the buyer first, then the branch and
 * its province, so fifty depots named 'Merkez Depo' stay apart and a search by the buyer finds them.
 */
export function buyerWarehouseLabel(
  warehouse: Pick<BuyerWarehouse, 'buyerTitle' | 'buyerCode' | 'title' | 'code' | 'city'>,
): string {
  return [
    `${warehouse.buyerTitle} (${warehouse.buyerCode})`,
    `${warehouse.title} (${warehouse.code})`,
    warehouse.city,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Buyer warehouses in Turkish order of their buyer, then of their title. */
export function buyerWarehouseOptions(warehouses: readonly BuyerWarehouse[]): Option[] {
  return [...warehouses]
    .sort(byTurkishText((one) => one.title))
    .sort(byTurkishText((one) => one.buyerTitle))
    .map((warehouse) => ({ value: String(warehouse.id), label: buyerWarehouseLabel(warehouse) }));
}
