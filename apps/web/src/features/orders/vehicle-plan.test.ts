import type { Vehicle } from '@mandira/contract/fleet';
import type { Order } from '@mandira/contract/orders';
import { describe, expect, it } from 'vitest';
import { plannedByOthers } from './vehicle-plan.ts';

const vehicle = { id: 4, plannedPaletteCount: 10 } as Vehicle;
const order = (plannedOn: number | null, itemOn: number | null, palettes: number | null) =>
  ({
    plannedShipmentVehicleId: plannedOn,
    estimatedPaletteCount: palettes,
    orderItems: [{ plannedShipmentVehicleId: itemOn }],
  }) as Order;

describe('the palettes other orders planned on a vehicle', () => {
  it('leaves out the order’s own palettes when it is planned on the vehicle, by itself or an item', () => {
    expect(plannedByOthers(vehicle, order(4, 4, 3))).toBe(7);
    expect(plannedByOthers(vehicle, order(null, 4, 3))).toBe(7);
  });

  it('counts them all for an order planned elsewhere or not at all', () => {
    expect(plannedByOthers(vehicle, order(5, null, 3))).toBe(10);
    expect(plannedByOthers(vehicle, order(null, null, null))).toBe(10);
  });
});
